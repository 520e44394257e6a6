export { commentsRoutes } from './http/comments.routes';
