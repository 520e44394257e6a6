export { linksRoutes } from './http/links.routes';
