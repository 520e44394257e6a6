export { changeRequestPdfRoutes } from './http/change-request-pdf.routes';
