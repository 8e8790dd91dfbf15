import type { ReactNode, Ref } from 'react';
import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

export interface WindowedListProps extends Omit<HTMLChakraProps<'ul'>, 'children'> {
  /** The box as tall as every row (useListBox's `listRef`): where the list starts on the page. */
  boxRef: Ref<HTMLDivElement>;
  /** Every row's height together (useWindowRows' `totalSize`). */
  height: number;
  /** Where the first mounted row sits (useWindowRows' `offset`). */
  offset: number;
  /** The mounted rows (li). */
  children: ReactNode;
}

/**
 * A windowed list's frame (the cards, the files as a list): a box as tall as all its rows, and
 * the list of the mounted ones moved down to where they are.
 */
export function WindowedList({ boxRef, height, offset, children, ...list }: WindowedListProps) {
  return (
    // Inline styles, not style props: these change while scrolling and must not mint CSS classes.
    <div ref={boxRef} style={{ position: 'relative', height }}>
      <chakra.ul
        role="list"
        {...list}
        listStyleType="none"
        position="absolute"
        top="0"
        left="0"
        w="full"
        style={{ transform: `translateY(${offset}px)` }}
      >
        {children}
      </chakra.ul>
    </div>
  );
}
