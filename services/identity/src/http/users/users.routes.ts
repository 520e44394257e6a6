import { Router } from 'express';
import { notFound } from '@quire/errors';
import { route } from '@quire/platform/http';
import { presentUser } from '../../presenters/user.presenter';
import { findUserById, shareAnOrganization } from '../../store/users.store';
import type { IdentityHttpDeps } from '../deps';
import { userParams } from '../params.schema';

export function usersRoutes({ db, urls }: IdentityHttpDeps): Router {
  const router = Router();

  router.get(
    '/v1/user',
    route({}, async ({ principal }, res) => {
      const user = await findUserById(db, principal.userId);
      if (!user) throw notFound('User not found');
      res.json(presentUser(user, urls));
    }),
  );

  // A user is visible to themselves and to the members of the organizations they belong to.
  router.get(
    '/v1/users/:userId',
    route({ params: userParams }, async ({ params, principal }, res) => {
      const { userId } = params;
      const callerId = principal.userId;
      const user = await findUserById(db, userId);
      if (!user || (userId !== callerId && !(await shareAnOrganization(db, callerId, userId)))) throw notFound(`User ${userId} not found`);
      res.json(presentUser(user, urls));
    }),
  );

  return router;
}
