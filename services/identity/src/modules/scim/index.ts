// The SCIM module's face: an organization's SCIM connections (admin routes) and the SCIM 2.0
// service each connection's identity provider provisions members and teams through.
export { scimConnectionsRoutes } from './http/scim-connections.routes';
export { scimRoutes } from './http/scim.routes';
