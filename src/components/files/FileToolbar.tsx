import type { ReactNode } from 'react';
import { Flex, Group, IconButton, Input, InputGroup, NativeSelect } from '@chakra-ui/react';
import { LuLayoutGrid, LuList, LuSearch } from 'react-icons/lu';
import { fileTypeFilterSchema, type FileTypeFilter } from '../../contract';
import { texts } from '../../lib/texts';

export type FileView = 'grid' | 'list';

export interface FileToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  type: FileTypeFilter;
  onTypeChange: (type: FileTypeFilter) => void;
  view: FileView;
  onViewChange: (view: FileView) => void;
}

const TYPE_OPTIONS: { value: FileTypeFilter; label: string }[] = [
  { value: 'all', label: texts.files.filterAll },
  { value: 'image', label: texts.files.filterImages },
  { value: 'pdf', label: texts.files.filterPdfs },
];

const VIEWS: readonly { view: FileView; label: string; icon: ReactNode }[] = [
  { view: 'grid', label: texts.files.gridView, icon: <LuLayoutGrid /> },
  { view: 'list', label: texts.files.listView, icon: <LuList /> },
];

/** Search box, type filter and the grid/list toggle above the file browser. */
export function FileToolbar({ search, onSearchChange, type, onTypeChange, view, onViewChange }: FileToolbarProps) {
  return (
    <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }}>
      <InputGroup flex="1" startElement={<LuSearch aria-hidden />}>
        <Input
          type="search"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          placeholder={texts.files.searchPlaceholder}
          aria-label={texts.files.searchLabel}
          bg="bg.card"
        />
      </InputGroup>
      <NativeSelect.Root width={{ base: 'full', md: '48' }}>
        <NativeSelect.Field
          value={type}
          aria-label={texts.files.filterPlaceholder}
          bg="bg.card"
          onChange={(event) => {
            const parsed = fileTypeFilterSchema.safeParse(event.target.value);
            if (parsed.success) onTypeChange(parsed.data);
          }}
        >
          <option value="" disabled>
            {texts.files.filterPlaceholder}
          </option>
          {TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Group attached role="group" aria-label={texts.files.viewToggle} alignSelf={{ base: 'flex-end', md: 'auto' }}>
        {VIEWS.map((choice) => (
          <IconButton
            key={choice.view}
            aria-label={choice.label}
            aria-pressed={view === choice.view}
            variant={view === choice.view ? 'solid' : 'outline'}
            onClick={() => onViewChange(choice.view)}
          >
            {choice.icon}
          </IconButton>
        ))}
      </Group>
    </Flex>
  );
}
