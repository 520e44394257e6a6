import { notFound } from '@quire/errors';
import type { Caller, ContentHttpDeps } from '../../shared';
import { authorizeChangeRequest } from '../policies/change-request.policy';

type Target = { spaceId: string; changeRequestId: string };

// A change request's agent conversations (reference AgentConversation) are GitBook's AI agent's:
// Quire has no agent, so a change request has none (docs/change-requests.md, Reviews).

/** The change request's conversations (`read`): none. */
export async function listConversations(deps: ContentHttpDeps, caller: Caller, input: Target): Promise<never[]> {
  await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'read');
  return [];
}

/** Renaming or deleting a conversation (`edit`): there is none to find. */
export async function findConversation(deps: ContentHttpDeps, caller: Caller, input: Target & { conversationId: string }): Promise<never> {
  await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'edit');
  throw notFound(`Conversation ${input.conversationId} not found`);
}
