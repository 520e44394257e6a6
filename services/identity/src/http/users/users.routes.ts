import { Router, type Request, type Response } from 'express';
import { notFound } from '@quire/common';
import { presentUser } from '../../presenters/user.presenter';
import { findUserById, shareAnOrganization } from '../../store/users.store';
import type { IdentityHttpDeps } from '../deps';

export function usersRoutes({ db, urls }: IdentityHttpDeps): Router {
  const router = Router();

  router.get('/v1/user', async (req: Request, res: Response) => {
    const user = await findUserById(db, req.principal.userId);
    if (!user) throw notFound('User not found');
    res.json(presentUser(user, urls));
  });

  // A user is visible to themselves and to the members of the organizations they belong to.
  router.get('/v1/users/:userId', async (req: Request<{ userId: string }>, res: Response) => {
    const { userId } = req.params;
    const callerId = req.principal.userId;
    const user = await findUserById(db, userId);
    if (!user || (userId !== callerId && !(await shareAnOrganization(db, callerId, userId)))) throw notFound(`User ${userId} not found`);
    res.json(presentUser(user, urls));
  });

  return router;
}
