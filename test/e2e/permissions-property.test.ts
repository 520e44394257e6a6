import { atLeast, effectiveLevel, ROLES_ASCENDING, type AccessNode, type DefaultLevel, type Role } from '@quire/access';
import fc from 'fast-check';
import { apiClient, type ApiClient, type ApiResponse } from '../support/api';
import { eventually } from '../support/eventually';
import { buildUser, cli, type TestUser } from '../support/factories';
import { validateOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// The permission rule as a property (docs/permissions.md): in random organizations — a collection
// tree with random default levels, members of random roles, a team of random members, guests,
// random grants to users and teams on spaces, collections and sites — every route of a fixed list
// answers each caller exactly what `effectiveLevel` of @quire/access allows: 404 without a level,
// 403 below the route's level, 2xx (validated against 0.202.0) otherwise; lists hold exactly the
// visible ones. The seed is in the describe's name; QUIRE_PROPERTY_SEED replays it.

const stack = currentStack();
const TODAY = { reference: '0.202.0' as const };
const WORLDS = Number(process.env.QUIRE_PROPERTY_WORLDS ?? 6);
const SEED = Number(process.env.QUIRE_PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));

const MEMBERS = 4;
const GUESTS = 2;
const COLLECTIONS = ['c1', 'c2'] as const;
const SPACES = ['s1', 's2', 's3', 's4'] as const;
const SITES = ['site1', 'site2'] as const;
type Node = (typeof COLLECTIONS)[number] | (typeof SPACES)[number] | (typeof SITES)[number];
// c2 is nested in c1; s1 in c1, s2 and s3 in c2, s4 at the top.
const PARENT: Record<Node, Node | null> = { c1: null, c2: 'c1', s1: 'c1', s2: 'c2', s3: 'c2', s4: null, site1: null, site2: null };
const NODES: readonly Node[] = [...COLLECTIONS, ...SPACES, ...SITES];

/** A grantee: a member (by index), a guest (by index) or the team. */
type Grantee = { kind: 'member' | 'guest'; index: number } | { kind: 'team' };
interface Grant {
  node: Node;
  to: Grantee;
  role: Role;
}
interface World {
  memberRoles: Role[];
  team: boolean[];
  defaults: Record<Node, DefaultLevel>;
  grants: Grant[];
}

const role = fc.constantFrom(...ROLES_ASCENDING);
const defaultLevel = fc.constantFrom<DefaultLevel>('inherit', 'inherit', null, ...ROLES_ASCENDING);
const grantee: fc.Arbitrary<Grantee> = fc.oneof(
  fc.record({ kind: fc.constant('member' as const), index: fc.nat(MEMBERS - 1) }),
  fc.record({ kind: fc.constant('guest' as const), index: fc.nat(GUESTS - 1) }),
  fc.constant({ kind: 'team' as const }),
);
const granteeKey = (g: Grantee) => (g.kind === 'team' ? 'team' : `${g.kind}${g.index}`);
const world: fc.Arbitrary<World> = fc.record({
  memberRoles: fc.array(role, { minLength: MEMBERS, maxLength: MEMBERS }),
  team: fc.array(fc.boolean(), { minLength: MEMBERS, maxLength: MEMBERS }),
  defaults: fc.record(Object.fromEntries(NODES.map((n) => [n, defaultLevel])) as Record<Node, fc.Arbitrary<DefaultLevel>>),
  // One grant per grantee and node: a second invite replaces the first.
  grants: fc.uniqueArray(fc.record({ node: fc.constantFrom(...NODES), to: grantee, role }), {
    maxLength: 12,
    selector: (g) => `${g.node}/${granteeKey(g.to)}`,
  }),
});

/** A caller of a world: the organization's admin, a member or a guest. */
interface Caller {
  name: string;
  user: TestUser;
  orgRole: Role | null;
  grantee: Grantee | null;
  inTeam: boolean;
}

/** The rule's answer for a caller on a node: the chain from the node up, each with the grants reaching the caller. */
function expectedLevel(w: World, caller: Caller, node: Node): Role | null {
  const chain: AccessNode[] = [];
  for (let n: Node | null = node; n; n = PARENT[n]) {
    const here = w.grants.filter((g) => g.node === n);
    const grants = here
      .filter((g) => (g.to.kind === 'team' ? caller.inTeam : caller.grantee && granteeKey(g.to) === granteeKey(caller.grantee)))
      .map((g) => g.role);
    chain.push({ defaultLevel: w.defaults[n], grants });
  }
  return effectiveLevel({ orgRole: caller.orgRole, chain });
}

/** The status a route needing `required` owes a caller at `level`, given its success status. */
const owed = (level: Role | null, required: Role, ok: number) => (level === null ? 404 : atLeast(level, required) ? ok : 403);

let pool: TestUser[];

beforeAll(async () => {
  // Users are reused across worlds: each world is a new organization, so memberships start fresh.
  pool = await Promise.all(Array.from({ length: 1 + MEMBERS + GUESTS }, (_, i) => buildUser(stack, `prop${i}`)));
}, 120000);

interface Built {
  orgId: string;
  ids: Record<Node, string>;
  /** An open change request of each space (for its comments). */
  changeRequests: Record<string, string>;
  callers: Caller[];
  admin: ApiClient;
}

async function ok(res: Promise<ApiResponse>, status: number, what: string): Promise<ApiResponse> {
  const r = await res;
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r;
}

async function buildWorld(w: World, n: number): Promise<Built> {
  const [owner, ...rest] = pool as [TestUser, ...TestUser[]];
  const members = rest.slice(0, MEMBERS);
  const guests = rest.slice(MEMBERS);
  const orgId = await cli(stack, 'orgs', 'create', '--title', `Property world ${n}`, '--owner', owner.email);
  await Promise.all(members.map((m, i) => cli(stack, 'members', 'add', '--org', orgId, '--email', m.email, '--role', w.memberRoles[i] as Role)));
  const admin = apiClient(stack, owner.token);
  const teamId = (await ok(admin.put(`/v1/orgs/${orgId}/teams`, { title: 'Team', members: members.filter((_, i) => w.team[i]).map((m) => m.id) }), 201, 'team'))
    .body.id as string;

  const ids = {} as Record<Node, string>;
  const changeRequests: Record<string, string> = {};
  for (const c of COLLECTIONS) {
    const parent = PARENT[c] ? ids[PARENT[c]] : undefined;
    ids[c] = (await ok(admin.post(`/v1/orgs/${orgId}/collections`, { title: c, parent }), 201, c)).body.id as string;
    await ok(admin.patch(`/v1/collections/${ids[c]}`, { defaultLevel: w.defaults[c] }), 200, `${c} default`);
  }
  await Promise.all(
    SPACES.map(async (s) => {
      const parent = PARENT[s] ? ids[PARENT[s]] : undefined;
      ids[s] = (await ok(admin.post(`/v1/orgs/${orgId}/spaces`, { title: s, parent, defaultLevel: w.defaults[s] }), 201, s)).body.id as string;
      changeRequests[s] = (await ok(admin.post(`/v1/spaces/${ids[s]}/change-requests`, { subject: 'Open' }), 201, `${s} change request`)).body.id as string;
    }),
  );
  await Promise.all(
    SITES.map(async (s) => {
      ids[s] = (await ok(admin.post(`/v1/orgs/${orgId}/sites`, { title: s }), 201, s)).body.id as string;
      await ok(admin.patch(`/v1/orgs/${orgId}/sites/${ids[s]}`, { defaultLevel: w.defaults[s] }), 200, `${s} default`);
    }),
  );
  const userOf = (g: Grantee) => (g.kind === 'member' ? members[g.index] : g.kind === 'guest' ? guests[g.index] : undefined) as TestUser;
  for (const g of w.grants) {
    const path = SITES.includes(g.node as never)
      ? `/v1/orgs/${orgId}/sites/${ids[g.node]}`
      : COLLECTIONS.includes(g.node as never)
        ? `/v1/collections/${ids[g.node]}`
        : `/v1/spaces/${ids[g.node]}`;
    const body = g.to.kind === 'team' ? { role: g.role, teams: [teamId] } : { role: g.role, users: [userOf(g.to).id] };
    await ok(admin.post(`${path}/permissions`, body), 204, `grant ${g.node}`);
  }
  const callers: Caller[] = [
    { name: 'admin', user: owner, orgRole: 'admin', grantee: null, inTeam: false },
    ...members.map((user, index): Caller => ({
      name: `member${index}(${w.memberRoles[index]})`,
      user,
      orgRole: w.memberRoles[index] as Role,
      grantee: { kind: 'member', index },
      inTeam: !!w.team[index],
    })),
    ...guests.map((user, index): Caller => ({ name: `guest${index}`, user, orgRole: null, grantee: { kind: 'guest', index }, inTeam: false })),
  ];
  // Identity makes a grantee a guest through the bus: wait for it before asking the lists.
  for (const [index, guest] of guests.entries()) {
    if (!w.grants.some((g) => g.to.kind === 'guest' && g.to.index === index)) continue;
    const api = apiClient(stack, guest.token);
    await eventually(
      async () => (await api.get(`/v1/orgs/${orgId}/sites`)).status === 200 && (await api.get(`/v1/orgs/${orgId}/spaces`)).status === 200,
      15000,
    );
  }
  return { orgId, ids, changeRequests, callers, admin };
}

interface Route {
  name: string;
  operationId: string;
  node: Node;
  required: Role;
  ok: number;
  call: (api: ApiClient, id: string, b: Built) => Promise<ApiResponse>;
}

const spaceRoutes = (s: Node): Route[] => [
  { name: 'GET space', operationId: 'getSpaceById', node: s, required: 'read', ok: 200, call: (a, id) => a.get(`/v1/spaces/${id}`) },
  { name: 'GET pages', operationId: 'listPages', node: s, required: 'read', ok: 200, call: (a, id) => a.get(`/v1/spaces/${id}/content/pages`) },
  { name: 'GET content', operationId: 'getCurrentRevision', node: s, required: 'read', ok: 200, call: (a, id) => a.get(`/v1/spaces/${id}/content`) },
  { name: 'list files', operationId: 'listFiles', node: s, required: 'read', ok: 200, call: (a, id) => a.get(`/v1/spaces/${id}/content/files`) },
  {
    name: 'search space',
    operationId: 'searchSpaceContent',
    node: s,
    required: 'read',
    ok: 200,
    call: (a, id) => a.get(`/v1/spaces/${id}/search?query=anything`),
  },
  {
    name: 'list change requests',
    operationId: 'listChangeRequestsForSpace',
    node: s,
    required: 'read',
    ok: 200,
    call: (a, id) => a.get(`/v1/spaces/${id}/change-requests`),
  },
  {
    name: 'list change request comments',
    operationId: 'listCommentsInChangeRequest',
    node: s,
    required: 'read',
    ok: 200,
    call: (a, id, b) => a.get(`/v1/spaces/${id}/change-requests/${b.changeRequests[s]}/comments`),
  },
  {
    name: 'create change request',
    operationId: 'createChangeRequest',
    node: s,
    required: 'edit',
    ok: 201,
    call: (a, id) => a.post(`/v1/spaces/${id}/change-requests`, { subject: 'Property' }),
  },
  {
    name: 'update space title',
    operationId: 'updateSpaceById',
    node: s,
    required: 'edit',
    ok: 200,
    call: (a, id) => a.patch(`/v1/spaces/${id}`, { title: 'Renamed' }),
  },
];
const collectionRoutes = (c: Node): Route[] => [
  { name: 'GET collection', operationId: 'getCollectionById', node: c, required: 'read', ok: 200, call: (a, id) => a.get(`/v1/collections/${id}`) },
  {
    name: 'update collection description',
    operationId: 'updateCollectionById',
    node: c,
    required: 'admin',
    ok: 200,
    call: (a, id) => a.patch(`/v1/collections/${id}`, { description: 'Described' }),
  },
];
const siteRoutes = (s: Node): Route[] => [
  { name: 'GET site', operationId: 'getSiteById', node: s, required: 'read', ok: 200, call: (a, id, b) => a.get(`/v1/orgs/${b.orgId}/sites/${id}`) },
  {
    name: 'update site title',
    operationId: 'updateSiteById',
    node: s,
    required: 'create',
    ok: 200,
    call: (a, id, b) => a.patch(`/v1/orgs/${b.orgId}/sites/${id}`, { title: 'Renamed site' }),
  },
];
const ROUTES: Route[] = [...SPACES.flatMap(spaceRoutes), ...COLLECTIONS.flatMap(collectionRoutes), ...SITES.flatMap(siteRoutes)];

/** `work` over `items`, `width` at a time: the embedded stack is one process on a shared machine. */
async function inBatches<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return out;
}

/** A request again after a gateway 503 (an upstream too slow on a loaded machine), as its Retry-After asks. */
async function patiently(call: () => Promise<ApiResponse>): Promise<ApiResponse> {
  for (let attempt = 1; ; attempt++) {
    const res = await call();
    if (res.status !== 503 || attempt === 3) return res;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Every single-resource route for one caller: the mismatches, as readable lines. */
async function checkRoutes(w: World, b: Built, caller: Caller): Promise<string[]> {
  const api = apiClient(stack, caller.user.token);
  const found = await inBatches(ROUTES, 6, async (route) => {
    const level = expectedLevel(w, caller, route.node);
    const want = owed(level, route.required, route.ok);
    const res = await patiently(() => route.call(api, b.ids[route.node], b));
    const where = `${caller.name} ${route.name} ${route.node} (level ${level})`;
    if (res.status !== want) return [`${where}: ${res.status}, owed ${want}`];
    if (want === route.ok) {
      const errors = validateOperationResponse(route.operationId, res.status, res.body, TODAY);
      if (errors.length) return [`${where}: not a 0.202.0 ${route.operationId} answer: ${errors.join('; ')}`];
    } else if (res.body?.error?.code !== want) return [`${where}: no error body`];
    return [];
  });
  return found.flat();
}

/** The ids a list route answers (or its status when it refuses). */
async function listed(api: ApiClient, path: string, operationId: string): Promise<string[] | number> {
  const res = await patiently(() => api.get(path));
  if (res.status !== 200) return res.status;
  const errors = validateOperationResponse(operationId, 200, res.body, TODAY);
  if (errors.length) throw new Error(`${path}: not a 0.202.0 ${operationId} answer: ${errors.join('; ')}`);
  return (res.body.items as { id: string }[]).map((i) => i.id).sort();
}

/** The list routes for one caller: exactly the visible ones, or a 404 for someone the organization does not know. */
async function checkLists(w: World, b: Built, caller: Caller): Promise<string[]> {
  const api = apiClient(stack, caller.user.token);
  const visible = (nodes: readonly Node[]) =>
    nodes
      .filter((n) => expectedLevel(w, caller, n) !== null)
      .map((n) => b.ids[n])
      .sort();
  // A guest without any grant is a stranger to the organization.
  const known = caller.orgRole !== null || w.grants.some((g) => caller.grantee && g.to.kind !== 'team' && granteeKey(g.to) === granteeKey(caller.grantee));
  const expectList = (ids: string[]) => (known ? ids : 404);
  const checks: [string, Promise<string[] | number>, string[] | number][] = [
    ['org spaces', listed(api, `/v1/orgs/${b.orgId}/spaces`, 'listSpacesInOrganizationById'), expectList(visible(SPACES))],
    ['org collections', listed(api, `/v1/orgs/${b.orgId}/collections?nested=true`, 'listCollectionsInOrganizationById'), expectList(visible(COLLECTIONS))],
    ['sites', listed(api, `/v1/orgs/${b.orgId}/sites`, 'listSites'), expectList(visible(SITES))],
    ...COLLECTIONS.map((c): [string, Promise<string[] | number>, string[] | number] => [
      `spaces of ${c}`,
      listed(api, `/v1/collections/${b.ids[c]}/spaces`, 'listSpacesInCollectionById'),
      expectedLevel(w, caller, c) === null ? 404 : visible(SPACES.filter((s) => PARENT[s] === c)),
    ]),
  ];
  const out: string[] = [];
  for (const [name, got, want] of checks) {
    const answer = await got;
    if (JSON.stringify(answer) !== JSON.stringify(want)) out.push(`${caller.name} ${name}: ${JSON.stringify(answer)}, owed ${JSON.stringify(want)}`);
  }
  // Search across the organization names no space the caller may not read (indexing is asynchronous: a subset).
  const search = await patiently(() => api.get(`/v1/orgs/${b.orgId}/search?query=anything`));
  if (search.status !== (known ? 200 : 404)) out.push(`${caller.name} org search: ${search.status}`);
  else if (known) {
    const leaked = (search.body.items as { id: string }[]).map((s) => s.id).filter((id) => !visible(SPACES).includes(id));
    if (leaked.length) out.push(`${caller.name} org search leaks ${leaked.join(', ')}`);
  }
  return out;
}

const describeWorld = (w: World, b: Built) =>
  JSON.stringify({ ...w, ids: b.ids, callers: b.callers.map((c) => ({ name: c.name, id: c.user.id, inTeam: c.inTeam })) });

describe(`permissions property (seed ${SEED}; QUIRE_PROPERTY_SEED=${SEED} replays it)`, () => {
  const worlds = fc.sample(world, { seed: SEED, numRuns: WORLDS });
  it.each(worlds.map((w, i) => [i, w] as const))(
    'world %i: every caller gets exactly what effectiveLevel allows on every route',
    async (i, w) => {
      const b = await buildWorld(w, i);
      // The lists first: the single routes' writes (titles, change requests) change no one's access.
      // One caller at a time (each caller's routes together): every caller at once overloads a small machine's embedded stack into 503s.
      const mismatches: string[] = [];
      for (const caller of b.callers) mismatches.push(...(await checkLists(w, b, caller)));
      for (const caller of b.callers) mismatches.push(...(await checkRoutes(w, b, caller)));
      if (mismatches.length) throw new Error(`seed ${SEED}, world ${i}: ${describeWorld(w, b)}\n${mismatches.join('\n')}`);
      expect(mismatches).toEqual([]);
    },
    180000,
  );
});
