import { Router } from 'express';
import { route } from '@quire/platform/http';
import type { IdentityEntryDeps } from '../../application/deps';
import { getCurrentUser, getUser } from '../../application/get-user';
import { updateUser } from '../../application/update-user';
import { presentUser } from '../../presenters/user.presenter';
import { userParams } from '../params.schema';
import { updateUserBody } from './users.schema';

export function usersRoutes(deps: IdentityEntryDeps): Router {
  const router = Router();

  router.get(
    '/v1/user',
    route({}, async ({ principal }, res) => {
      res.json(presentUser(await getCurrentUser(deps, principal), deps.urls));
    }),
  );

  // A user is visible to themselves and to the members of the organizations they belong to.
  router.get(
    '/v1/users/:userId',
    route({ params: userParams }, async ({ params, principal }, res) => {
      res.json(presentUser(await getUser(deps, principal, params), deps.urls));
    }),
  );

  // Only oneself: another user's account is a 404, whether or not the caller can see it.
  router.patch(
    '/v1/users/:userId',
    route({ params: userParams, body: updateUserBody }, async ({ params, body, principal }, res) => {
      const user = await updateUser(deps, principal, { userId: params.userId, changes: { displayName: body.displayName, photoUrl: body.photoURL } });
      res.json(presentUser(user, deps.urls));
    }),
  );

  return router;
}
