// Generated OpenAPI documents for tests of large specs (services/specs/test, test/e2e).

/** A valid OpenAPI 3.0 document in block YAML, `paths` operations long (~850 bytes each). */
export function largeYamlSpec(paths: number): string {
  const lines = ['openapi: 3.0.3', 'info:', '  title: Large', '  version: "1"', 'paths:'];
  for (let i = 0; i < paths; i++) {
    lines.push(
      `  /items${i}/{itemId}:`,
      '    get:',
      `      summary: Get item ${i}`,
      `      description: Reads one item of collection ${i}, with its owner, its labels and the time it last changed.`,
      `      operationId: getItem${i}`,
      '      parameters:',
      '        - name: itemId',
      '          in: path',
      '          required: true',
      '          schema:',
      '            type: integer',
      '            format: int64',
      '        - name: fields',
      '          in: query',
      '          schema:',
      '            type: array',
      '            items:',
      '              type: string',
      '      responses:',
      '        "200":',
      `          description: Item ${i}`,
      '          content:',
      '            application/json:',
      '              schema:',
      "                $ref: '#/components/schemas/Item'",
      '        "404":',
      '          description: No such item',
    );
  }
  lines.push(
    'components:',
    '  schemas:',
    '    Item:',
    '      type: object',
    '      properties:',
    '        id:',
    '          type: integer',
    '        labels:',
    '          type: array',
    '          items:',
    '            type: string',
  );
  return `${lines.join('\n')}\n`;
}
