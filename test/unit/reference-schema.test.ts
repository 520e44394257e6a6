import {
  declaredStatuses,
  expectOperationResponse,
  expectSchema,
  findOperation,
  matchOperation,
  operationIds,
  referenceSchema,
  schemaNames,
  validateOperationResponse,
  validateSchema,
} from '../support/reference';

const ts = '2024-01-02T03:04:05.000Z';

function organization(): Record<string, unknown> & { urls: Record<string, unknown> } {
  return {
    object: 'organization',
    id: 'org_abc',
    title: 'Acme Docs',
    createdAt: ts,
    emailDomains: ['acme.test'],
    hostname: 'acme',
    type: 'business',
    defaultRole: 'read',
    inviteLinks: true,
    plan: 'free',
    mergeRules: { type: 'none' },
    urls: { location: 'https://api.example.test/v1/orgs/org_abc', app: 'https://app.example.test/o/org_abc' },
    trial: { status: 'none' },
    permissions: {
      view: true,
      admin: true,
      ownTeam: false,
      createContent: true,
      createOpenAPISpec: true,
      ingestConversations: false,
      viewBilling: true,
      listMembers: true,
      listTeams: true,
      listIntegrations: true,
      listInstallations: true,
      installIntegration: true,
    },
  };
}

function user(): Record<string, unknown> {
  return {
    object: 'user',
    id: 'u1',
    displayName: 'Ada Lovelace',
    email: 'ada@example.test',
    urls: { location: 'https://api.example.test/v1/users/u1' },
  };
}

function member(): Record<string, unknown> {
  return {
    object: 'member',
    id: 'u1',
    role: 'admin',
    user: user(),
    disabled: false,
    joinedAt: ts,
    sso: false,
    spaces: 0,
    teams: 0,
  };
}

function customField(): Record<string, unknown> {
  return {
    id: 'cf1',
    name: 'owner_team',
    title: 'Owner team',
    description: 'Team that owns the space',
    placeholder: 'e.g. platform',
    type: 'select:single',
    options: ['platform', 'docs'],
    createdAt: ts,
    updatedAt: ts,
    urls: { location: 'https://api.example.test/v1/orgs/o1/custom-fields/owner_team' },
  };
}

describe('reference schemas (GitBook API 0.143.2)', () => {
  it('lists the component schemas', () => {
    const names = schemaNames();
    expect(names.length).toBeGreaterThan(500);
    expect(names).toEqual(expect.arrayContaining(['Organization', 'User', 'OrganizationMember', 'List']));
    expect(names).not.toContain('CustomField');
    expect(schemaNames({ reference: '0.91.0' })).toContain('CustomField');
  });

  it('accepts a hand-made Organization', () => {
    expect(validateSchema('Organization', organization())).toEqual([]);
    expect(() => expectSchema('Organization', organization())).not.toThrow();
  });

  it('reports a missing required field by name', () => {
    const org = organization();
    delete org.title;
    const errors = validateSchema('Organization', org);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/missing required property "title"/);

    const nested = organization();
    delete nested.urls.app;
    expect(validateSchema('Organization', nested).join('\n')).toMatch(/Organization\/urls: missing required property "app"/);
  });

  it('reports a wrong enum value with the allowed values', () => {
    const errors = validateSchema('Organization', { ...organization(), type: 'enterprise' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Organization\/type: must be one of \["business","community"\]/);
    expect(validateSchema('Organization', { ...organization(), object: 'org' })[0]).toMatch(/\/object/);
    expect(validateSchema('Organization', { ...organization(), plan: 'gold' })[0]).toMatch(/\/plan/);
  });

  it('checks formats, types and limits', () => {
    expect(validateSchema('Organization', { ...organization(), createdAt: 'yesterday' })[0]).toMatch(/\/createdAt: must match format "date-time"/);
    const badUrl = organization();
    badUrl.urls.location = 'not a url';
    expect(validateSchema('Organization', badUrl)[0]).toMatch(/\/urls\/location: must match format "uri"/);
    expect(validateSchema('Organization', { ...organization(), title: 'A' })[0]).toMatch(/\/title: must NOT have fewer than 2/);
    expect(validateSchema('Organization', { ...organization(), inviteLinks: 'yes' })[0]).toMatch(/\/inviteLinks: must be of type boolean/);
  });

  it('keeps additionalProperties as the reference declares it', () => {
    // Organization does not declare additionalProperties: extra fields are allowed.
    expect(validateSchema('Organization', { ...organization(), extra: 1 })).toEqual([]);
    // OrganizationPricing.members declares additionalProperties: false.
    const pair = { monthly: 1, yearly: 1 };
    const pricing = { members: { plus_2024: pair, pro_2024: pair }, sites: { premium: pair, ultimate: pair } };
    expect(validateSchema('OrganizationPricing', pricing)).toEqual([]);
    expect(validateSchema('OrganizationPricing', { ...pricing, members: { ...pricing.members, x: pair } })[0]).toMatch(/members: has unexpected property "x"/);
  });

  it('handles OpenAPI 3.0 nullable (plain, in oneOf with enum [null], and next to $ref)', () => {
    expect(validateSchema('MemberRoleOrGuest', null)).toEqual([]);
    expect(validateSchema('MemberRoleOrGuest', 'edit')).toEqual([]);
    expect(validateSchema('MemberRoleOrGuest', 'owner').length).toBeGreaterThan(0);
    expect(validateSchema('Organization', { ...organization(), defaultRole: null })).toEqual([]);
    const billing = {
      interval: 'monthly',
      endDate: null,
      hasPaymentFailed: false,
      isScheduledToCancel: false,
      pricing: {
        members: { plus_2024: { monthly: 1, yearly: 1 }, pro_2024: { monthly: 1, yearly: 1 } },
        sites: { premium: { monthly: 1, yearly: 1 }, ultimate: { monthly: 1, yearly: 1 } },
      },
      usageAddons: { ai: { enabled: true } },
    };
    expect(validateSchema('OrganizationBilling', billing)).toEqual([]);
    expect(validateSchema('OrganizationBilling', { ...billing, endDate: ts })).toEqual([]);
    expect(validateSchema('OrganizationBilling', { ...billing, endDate: 'soon' }).length).toBeGreaterThan(0);
  });

  it('validates User and OrganizationMember', () => {
    expect(validateSchema('User', user())).toEqual([]);
    expect(validateSchema('OrganizationMember', member())).toEqual([]);
    expect(validateSchema('OrganizationMember', { ...member(), role: null })).toEqual([]);
    const { user: _u, ...noUser } = member();
    expect(validateSchema('OrganizationMember', noUser)[0]).toMatch(/missing required property "user"/);
  });

  it('expectSchema throws with the errors and an excerpt of the value', () => {
    const org = organization();
    delete org.permissions;
    expect(() => expectSchema('Organization', org)).toThrow(/missing required property "permissions"[\s\S]*"id": "org_abc"/);
    expect(validateSchema('NoSuchSchema', {})).toEqual(['unknown schema "NoSuchSchema" in reference 0.143.2']);
  });

  it('compiles every component schema of both references', () => {
    for (const reference of ['0.143.2', '0.91.0'] as const) {
      for (const name of schemaNames({ reference })) {
        expect(Array.isArray(validateSchema(name, {}, { reference }))).toBe(true);
      }
    }
  });
});

describe('reference operations', () => {
  it('maps concrete request paths to operationIds', () => {
    expect(findOperation('GET', '/v1/orgs/abc')).toBe('getOrganizationById');
    expect(findOperation('get', '/orgs/abc')).toBe('getOrganizationById');
    expect(findOperation('PATCH', '/v1/orgs/abc')).toBe('updateOrganizationById');
    expect(findOperation('GET', '/v1/orgs')).toBe('listOrganizationsForAuthenticatedUser');
    expect(findOperation('GET', '/v1/orgs/abc/members?limit=2&page=x')).toBe('listMembersInOrganizationById');
    expect(findOperation('GET', '/v1/orgs/abc/members/u1')).toBe('getMemberInOrganizationById');
    expect(findOperation('PATCH', '/v1/orgs/abc/members/u1')).toBe('updateMemberInOrganizationById');
    expect(findOperation('DELETE', '/v1/orgs/abc/members/u1')).toBe('removeMemberFromOrganizationById');
    expect(findOperation('GET', '/v1/user')).toBe('getAuthenticatedUser');
    expect(findOperation('GET', '/v1/users/u1')).toBe('getUserById');
    expect(findOperation('PUT', '/v1/orgs/abc')).toBeUndefined();
    expect(findOperation('GET', '/v1/nope')).toBeUndefined();
    expect(matchOperation('GET', '/v1/orgs/o%201/members/u1')).toEqual({
      operationId: 'getMemberInOrganizationById',
      method: 'GET',
      pathTemplate: '/orgs/{organizationId}/members/{userId}',
      params: { organizationId: 'o 1', userId: 'u1' },
      reference: '0.143.2',
    });
    expect(operationIds()).toContain('getAuthenticatedUser');
  });

  it('compiles every declared response of both references', () => {
    for (const reference of ['0.143.2', '0.91.0'] as const) {
      for (const op of operationIds({ reference })) {
        for (const status of declaredStatuses(op, { reference })) {
          const code = status === 'default' ? 599 : Number(status.replace(/xx$/i, '00'));
          expect(Array.isArray(validateOperationResponse(op, code, {}, { reference }))).toBe(true);
        }
      }
    }
    expect(declaredStatuses('removeMemberFromOrganizationById')).toEqual(['204', '205']);
  });

  it('validates GET /user responses', () => {
    const op = findOperation('GET', '/v1/user')!;
    expect(op).toBe('getAuthenticatedUser');
    expect(validateOperationResponse(op, 200, user())).toEqual([]);
    const { displayName: _d, ...noName } = user();
    expect(validateOperationResponse(op, 200, noName)[0]).toMatch(/missing required property "displayName"/);
    // 404 is declared through #/components/responses/NotFoundError.
    expect(validateOperationResponse(op, 404, { error: { code: 404, message: 'User not found' } })).toEqual([]);
    expect(validateOperationResponse(op, 404, { error: { code: 400, message: 'x' } })[0]).toMatch(/\/error\/code: must be one of \[404\]/);
    expect(validateOperationResponse(op, 500, {})[0]).toMatch(/status 500 is not declared .*declared: 200, 404/);
    expect(validateOperationResponse(op, 200, undefined)[0]).toMatch(/body is empty/);
    expect(() => expectOperationResponse(op, 200, user())).not.toThrow();
    expect(() => expectOperationResponse(op, 200, { ...user(), object: 'member' })).toThrow(/getAuthenticatedUser/);
  });

  it('validates list envelopes', () => {
    const op = 'listOrganizationsForAuthenticatedUser';
    expect(validateOperationResponse(op, 200, { items: [organization()], count: 1, next: { page: 'p2' } })).toEqual([]);
    expect(validateOperationResponse(op, 200, { items: [] })).toEqual([]);
    expect(validateOperationResponse(op, 200, { count: 0 })[0]).toMatch(/missing required property "items"/);
    expect(validateOperationResponse(op, 200, { items: [], next: {} })[0]).toMatch(/\/next: missing required property "page"/);
    expect(validateOperationResponse(op, 200, { items: [{ ...organization(), id: 1 }] })[0]).toMatch(/\/items\/0\/id: must be of type string/);
    expect(validateOperationResponse('listMembersInOrganizationById', 200, { items: [member()] })).toEqual([]);
  });

  it('requires an empty body where the reference declares none', () => {
    const op = 'removeMemberFromOrganizationById';
    expect(validateOperationResponse(op, 204, undefined)).toEqual([]);
    expect(validateOperationResponse(op, 205, '')).toEqual([]);
    expect(validateOperationResponse(op, 204, { ok: true })[0]).toMatch(/declares no JSON body/);
    expect(validateOperationResponse(op, 200, undefined)[0]).toMatch(/status 200 is not declared/);
    expect(validateOperationResponse('noSuchOperation', 200, {})).toEqual(['unknown operationId "noSuchOperation" in reference 0.143.2']);
  });
});

describe('custom fields (GitBook API 0.91.0)', () => {
  it('validates CustomField and CustomFieldValue', () => {
    expect(validateSchema('CustomField', customField(), { reference: '0.91.0' })).toEqual([]);
    // Without an explicit reference, custom-field names fall back to 0.91.0.
    expect(validateSchema('CustomField', customField())).toEqual([]);
    expect(validateSchema('CustomField', customField(), { reference: '0.143.2' })).toEqual(['unknown schema "CustomField" in reference 0.143.2']);
    expect(validateSchema('CustomField', { ...customField(), type: 'date' })[0]).toMatch(/\/type: must be one of/);
    expect(validateSchema('CustomField', { ...customField(), name: 'Has Spaces' })[0]).toMatch(/\/name: must match pattern/);
    const { placeholder: _p, ...noPlaceholder } = customField();
    expect(validateSchema('CustomField', noPlaceholder)[0]).toMatch(/missing required property "placeholder"/);
    for (const v of ['x', 1, true, ['a', 'b']]) expect(validateSchema('CustomFieldValue', v)).toEqual([]);
    expect(validateSchema('CustomFieldValue', { a: 1 }).length).toBeGreaterThan(0);
    expect(referenceSchema('CustomField')?.required).toContain('urls');
  });

  it('maps and validates custom-field operations', () => {
    expect(findOperation('GET', '/v1/orgs/o1/custom-fields')).toBe('listOrganizationCustomFields');
    expect(matchOperation('DELETE', '/v1/orgs/o1/custom-fields/owner_team')).toMatchObject({
      operationId: 'deleteOrganizationCustomField',
      params: { organizationId: 'o1', fieldName: 'owner_team' },
      reference: '0.91.0',
    });
    expect(findOperation('GET', '/v1/orgs/o1/custom-fields', { reference: '0.143.2' })).toBeUndefined();
    expect(validateOperationResponse('listOrganizationCustomFields', 200, { items: [customField()] })).toEqual([]);
    expect(validateOperationResponse('createOrganizationCustomField', 201, customField(), { reference: '0.91.0' })).toEqual([]);
    expect(validateOperationResponse('deleteOrganizationCustomField', 204, undefined)).toEqual([]);
    // `default` response: #/components/responses/UnexpectedError -> #/components/schemas/Error.
    expect(validateOperationResponse('getOrganizationCustomFieldByName', 500, { error: { code: 500, message: 'x' } })).toEqual([]);
    expect(validateOperationResponse('getOrganizationCustomFieldByName', 500, { message: 'x' })[0]).toMatch(/missing required property "error"/);
  });
});
