/**
 * The `column = $n` assignments of an UPDATE for the fields of `changes` that are set (undefined
 * means unchanged), their values appended to `params`. Column names come only from `columns`, the
 * caller's whitelist, so no request text reaches the SQL.
 */
export function assignmentsFor<F extends string>(changes: Partial<Record<F, unknown>>, columns: Readonly<Record<F, string>>, params: unknown[]): string[] {
  const assignments: string[] = [];
  for (const field of Object.keys(columns) as F[]) {
    const value = changes[field];
    if (value === undefined) continue;
    params.push(value);
    assignments.push(`${columns[field]} = $${params.length}`);
  }
  return assignments;
}
