import type { StoredPage } from '../../../revisions';
import { type FieldsMerge, mergeFields } from './page-fields';
import type { MergeSides } from './sibling-order';

// What becomes of each page before any body is read: merged field by field (present on both
// sides), taken from one side (added there, or deleted on the other side but edited on this one),
// or dropped. Needs no body, so `bodiesNeeded` can ask it which bodies the merge will read.

export type SideName = 'target' | 'source';

export interface PagePlan {
  id: string;
  base?: StoredPage;
  target?: StoredPage;
  source?: StoredPage;
  /** Present on both sides: the field merge. */
  fields?: FieldsMerge;
  /** Present on one side only: the side it is taken from. */
  takenFrom?: SideName;
  /** Deleted on this side but edited (or holding edits below it) on the other: a delete-edit conflict. */
  deletedIn?: SideName;
}

/** Plans in target order, then the source's pages the target lacks; after `markEdits` on both sides. */
export function planPages(sides: MergeSides): { plans: PagePlan[]; deletedIds: string[] } {
  const plans: PagePlan[] = [];
  const deletedIds: string[] = [];
  for (const target of sides.target.tree.pages) {
    const base = sides.base.byId.get(target.id);
    const source = sides.source.byId.get(target.id);
    if (source) plans.push({ id: target.id, base, target, source, fields: mergeFields(base, target, source) });
    else if (!base) plans.push({ id: target.id, target, takenFrom: 'target' });
    else if (sides.target.isEditedOrAbove(target.id)) plans.push({ id: target.id, base, target, takenFrom: 'target', deletedIn: 'source' });
    else deletedIds.push(target.id);
  }
  for (const source of sides.source.tree.pages) {
    if (sides.target.has(source.id)) continue;
    const base = sides.base.byId.get(source.id);
    if (!base) plans.push({ id: source.id, source, takenFrom: 'source' });
    else if (sides.source.isEditedOrAbove(source.id)) plans.push({ id: source.id, base, source, takenFrom: 'source', deletedIn: 'target' });
  }
  return { plans, deletedIds };
}

/** The page as the side it is taken from, or the target's with merged fields. */
export function plannedPage(plan: PagePlan): StoredPage {
  const page = plan.fields?.page ?? (plan.takenFrom === 'source' ? plan.source : plan.target);
  if (!page) throw new Error(`merge plan of page ${plan.id} has no page`);
  return page;
}

/** Body hashes the merge reads: both sides and the base of bodies changed on both, kept pages of delete-edits. */
export function plannedBodyHashes(plans: readonly PagePlan[]): string[] {
  const hashes = new Set<string>();
  for (const plan of plans) {
    const wanted = plan.fields?.isBodyConflicting ? [plan.base?.body, plan.target?.body, plan.source?.body] : plan.deletedIn ? [plannedPage(plan).body] : [];
    for (const hash of wanted) if (hash) hashes.add(hash);
  }
  return [...hashes];
}
