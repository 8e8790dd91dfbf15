import type { ReactNode } from 'react';
import { Badge, Tabs } from '@chakra-ui/react';

export interface CountTab<V extends string> {
  value: V;
  label: string;
  /** A badge after the label; none while it is not known. */
  count?: string | number;
}

export interface CountTabsProps<V extends string> {
  value: V;
  tabs: readonly CountTab<V>[];
  onChange: (tab: V) => void;
  /** The tab list's accessible name. */
  label: string;
  /** The tabs wrap onto a second line on a narrow screen instead of shrinking. */
  wrap?: boolean;
  /** The panels are mounted once first selected. */
  lazyMount?: boolean;
  /** What the selected tab shows, rendered in its panel. */
  children?: ReactNode;
}

/** Line tabs, each label with its count as a badge, and the selected tab's content in its panel. */
export function CountTabs<V extends string>({
  value,
  tabs,
  onChange,
  label,
  wrap = false,
  lazyMount,
  children,
}: CountTabsProps<V>) {
  return (
    <Tabs.Root
      value={value}
      onValueChange={(details) => {
        const tab = tabs.find((each) => each.value === details.value);
        if (tab) onChange(tab.value);
      }}
      variant="line"
      lazyMount={lazyMount}
    >
      <Tabs.List aria-label={label} flexWrap={wrap ? 'wrap' : undefined}>
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} flexShrink={wrap ? '0' : undefined}>
            {tab.label}
            {tab.count !== undefined ? (
              <>
                {' '}
                <Badge size="sm" variant="subtle" colorPalette="gray">
                  {tab.count}
                </Badge>
              </>
            ) : null}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {/* Every trigger controls a panel; only the selected one holds its content. */}
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          {tab.value === value ? children : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
