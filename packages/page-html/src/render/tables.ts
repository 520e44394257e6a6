import type { ElementContent } from 'hast';
import type { DocumentBlock } from '@quire/formats';
import { childrenOf, dataOf, fragmentNamed, recordOf, refOf, str } from './document-shape';
import { el, text } from './hast';
import { image, linked } from './inlines';
import type { RenderState } from './render-state';

// The table block (column definitions, records ordered by `orderIndex`, cell text in fragments)
// as an HTML table with `<th scope="col">` headers. Grid and cards views render the same table.

interface Column {
  id: string;
  title: string;
  type: string;
  align?: string;
  definition: Record<string, unknown>;
}

/** Renders the blocks of a rich-text cell; passed in by blocks.ts, which renders tables (no import cycle). */
export type CellBlocks = (state: RenderState, nodes: unknown[], depth: number) => ElementContent[];

export function renderTable(state: RenderState, block: DocumentBlock, depth: number, renderBlocks: CellBlocks): ElementContent[] {
  const data = dataOf(block);
  const view = recordOf(data.view);
  const definitions = recordOf(data.definition);
  const order = Array.isArray(view.columns) ? view.columns.filter((c): c is string => typeof c === 'string') : Object.keys(definitions);
  const columns: Column[] = order
    .filter((id) => Object.hasOwn(definitions, id))
    .map((id) => {
      const definition = recordOf(definitions[id]);
      const align = str(definition, 'textAlignment');
      return {
        id,
        title: str(definition, 'title') ?? '',
        type: str(definition, 'type') ?? 'text',
        align: align === 'center' || align === 'right' ? align : undefined,
        definition,
      };
    });
  if (!columns.length) return [];
  const records = Object.entries(recordOf(data.records))
    .map(([id, record]) => ({ id, orderIndex: String(recordOf(record).orderIndex ?? ''), values: recordOf(recordOf(record).values) }))
    .sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rows = records.map((record) =>
    el(
      'tr',
      {},
      columns.map((column) =>
        el(
          'td',
          { className: column.align ? [`align-${column.align}`] : undefined },
          cell(state, block, column, record.values[column.id], depth, renderBlocks),
        ),
      ),
    ),
  );
  const header =
    view.hideHeader === true
      ? []
      : [
          el('thead', {}, [
            el(
              'tr',
              {},
              columns.map((c) => el('th', { scope: 'col', className: c.align ? [`align-${c.align}`] : undefined }, [text(c.title)])),
            ),
          ]),
        ];
  const classes = view.type === 'cards' ? ['table', 'table-cards'] : ['table'];
  // A table wider than the column scrolls inside its box, which takes the keyboard focus so it
  // can be scrolled without a mouse (WCAG 2.1.1).
  const box = { className: classes, role: 'region', ariaLabel: 'Table', tabIndex: 0 };
  return [el('div', box, [el('table', {}, [...header, el('tbody', {}, rows)])])];
}

function cell(state: RenderState, block: DocumentBlock, column: Column, value: unknown, depth: number, renderBlocks: CellBlocks): ElementContent[] {
  if (value === null || value === undefined) return [];
  switch (column.type) {
    case 'checkbox':
      return [el('input', { type: 'checkbox', disabled: true, checked: value === true, ariaLabel: column.title || 'Checked' })];
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? [text(String(value))] : [];
    case 'rating': {
      const max = column.definition.max;
      return typeof value === 'number' && Number.isFinite(value) ? [text(typeof max === 'number' ? `${value} / ${max}` : String(value))] : [];
    }
    case 'select': {
      const options = Array.isArray(column.definition.options) ? column.definition.options.map(recordOf) : [];
      const chosen = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
      return [text(chosen.map((v) => str(options.find((o) => o.value === v) ?? {}, 'label') ?? v).join(', '))];
    }
    case 'files':
      return (Array.isArray(value) ? value : [value])
        .filter((v): v is string => typeof v === 'string')
        .flatMap((file, i) => [
          ...(i ? [text(', ')] : []),
          ...linked(state.refUrl({ kind: 'file', file }), [text(state.call(() => state.context.fileName?.(file)) || 'Download')]),
        ]);
    case 'image': {
      const img = image(state, recordOf(value).ref ? recordOf(value) : { ref: value });
      return img ? [img] : [];
    }
    case 'content-ref': {
      const ref = refOf(value);
      const url = state.refUrl(ref);
      const label = (ref?.kind === 'page' && state.call(() => state.context.pageTitle?.(ref.page))) || url?.href;
      return label ? linked(url, [text(label)]) : [];
    }
    case 'users':
      return [];
    default: {
      if (typeof value === 'number' || typeof value === 'boolean') return [text(String(value))];
      if (typeof value !== 'string') return [];
      const fragment = fragmentNamed(block, value);
      if (!fragment) return [text(value)];
      // A cell of one paragraph holds its text directly; richer cells keep their blocks.
      const blocks = renderBlocks(state, childrenOf(fragment), depth);
      return blocks.length === 1 && blocks[0]?.type === 'element' && blocks[0].tagName === 'p' ? blocks[0].children : blocks;
    }
  }
}
