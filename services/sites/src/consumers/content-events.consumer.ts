import type { ServiceContext } from '@quire/common';

/** Keeps site spaces in step with content's facts (issue #5 fills this in). */
export async function subscribeToContentEvents(_ctx: Pick<ServiceContext, 'bus' | 'db' | 'logger'>): Promise<void> {}
