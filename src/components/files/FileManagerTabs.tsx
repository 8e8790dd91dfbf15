import type { ReactNode } from 'react';
import { fileExtraTexts as t } from '../../lib/texts-files';
import { CountTabs } from '../common/CountTabs';

/** The library, or its trash. */
export type FileTab = 'files' | 'trash';

export interface FileManagerTabsProps {
  value: FileTab;
  onChange: (tab: FileTab) => void;
  /** How many files the trash holds; no badge until it is known. */
  trashCount?: number;
  /** What the selected tab shows, rendered in its panel. */
  children?: ReactNode;
}

/** Files / Trash: the file manager's library and the files deleted in the last 30 days. */
export function FileManagerTabs({ value, onChange, trashCount, children }: FileManagerTabsProps) {
  return (
    <CountTabs
      value={value}
      tabs={[
        { value: 'files', label: t.filesTab },
        { value: 'trash', label: t.trashTab, count: trashCount },
      ]}
      onChange={onChange}
      label={t.tabsLabel}
      lazyMount
    >
      {children}
    </CountTabs>
  );
}
