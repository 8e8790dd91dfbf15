import type { ReactNode } from 'react';
import { Badge, Tabs } from '@chakra-ui/react';
import { fileExtraTexts as t } from '../../lib/texts-files';

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

const TABS: readonly { value: FileTab; label: string }[] = [
  { value: 'files', label: t.filesTab },
  { value: 'trash', label: t.trashTab },
];

/** Files / Trash: the file manager's library and the files deleted in the last 30 days. */
export function FileManagerTabs({ value, onChange, trashCount, children }: FileManagerTabsProps) {
  return (
    <Tabs.Root
      value={value}
      onValueChange={(details) => {
        const tab = TABS.find((each) => each.value === details.value);
        if (tab) onChange(tab.value);
      }}
      variant="line"
      lazyMount
    >
      <Tabs.List aria-label={t.tabsLabel}>
        {TABS.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value}>
            {tab.label}
            {tab.value === 'trash' && trashCount !== undefined ? (
              <>
                {' '}
                <Badge size="sm" variant="subtle" colorPalette="gray">
                  {trashCount}
                </Badge>
              </>
            ) : null}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {/* Every trigger controls a panel; only the selected one holds its content. */}
      {TABS.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          {tab.value === value ? children : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
