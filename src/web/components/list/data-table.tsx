import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  width?: string;
}

/** The table every list shows; `actions` renders the row's buttons in the last column. */
export function DataTable<Row extends { uuid: string }>({ caption, columns, rows, actions }: {
  caption?: string;
  columns: Column<Row>[];
  rows: Row[];
  actions?: (row: Row) => ReactNode;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="white">
      <Table.Root size="sm" interactive aria-label={caption}>
        {caption ? <Table.Caption captionSide="top" textAlign="left" fontWeight="semibold" px="4" py="3">{caption}</Table.Caption> : null}
        <Table.Header>
          <Table.Row bg="gray.50">
            {columns.map((c) => <Table.ColumnHeader key={c.header} w={c.width}>{c.header}</Table.ColumnHeader>)}
            {actions ? <Table.ColumnHeader textAlign="end">Acciones</Table.ColumnHeader> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.uuid}>
              {columns.map((c) => <Table.Cell key={c.header} whiteSpace="normal">{c.cell(row)}</Table.Cell>)}
              {actions ? <Table.Cell textAlign="end" whiteSpace="nowrap">{actions(row)}</Table.Cell> : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
