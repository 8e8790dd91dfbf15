import { Box, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface DataTableRow {
  key: string;
  /** The row's header (a day, a site) first, then its figures. */
  cells: readonly ReactNode[];
}

export interface DataTableProps {
  /** Says what the table holds; also names its scrolling region. */
  caption: string;
  /** The first names the row headers' column; the others are figures, aligned right. */
  columns: readonly string[];
  rows: readonly DataTableRow[];
  /** A last row of totals, under the first column's header 'Total'. */
  footer?: DataTableRow;
}

/**
 * A chart's figures as an HTML table: a caption, column headers, a header per row. Long tables
 * (90 days) scroll inside a box the keyboard can reach (a group named by the caption), with the column headers kept in view.
 */
export function DataTable({ caption, columns, rows, footer }: DataTableProps) {
  const renderRow = ({ key, cells }: DataTableRow) => (
    <Table.Row key={key}>
      {cells.map((cell, index) =>
        index === 0 ? (
          <Table.Cell key={index} as="th" scope="row" fontWeight="medium">
            {cell}
          </Table.Cell>
        ) : (
          <Table.Cell key={index} textAlign="end" fontVariantNumeric="tabular-nums">
            {cell}
          </Table.Cell>
        ),
      )}
    </Table.Row>
  );
  return (
    <Box maxH="80" overflowY="auto" tabIndex={0} role="group" aria-label={caption} rounded="md" borderWidth="1px">
      <Table.Root size="sm" stickyHeader>
        <Table.Caption captionSide="top" textAlign="start" color="fg.muted" px="3" pt="2" pb="1" mt="0">
          {caption}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column, index) => (
              <Table.ColumnHeader key={column} scope="col" textAlign={index === 0 ? 'start' : 'end'}>
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{rows.map(renderRow)}</Table.Body>
        {footer && <Table.Footer fontWeight="semibold">{renderRow(footer)}</Table.Footer>}
      </Table.Root>
    </Box>
  );
}
