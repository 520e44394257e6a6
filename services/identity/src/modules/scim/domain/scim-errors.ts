import { ApiError } from '@quire/errors';

/** RFC 7644 §3.12 scimType values Quire answers with. */
export type ScimType = 'invalidFilter' | 'invalidPath' | 'invalidValue' | 'invalidSyntax' | 'noTarget' | 'uniqueness' | 'mutability' | 'tooMany';

/** An error of the SCIM service: rendered as a SCIM error body (RFC 7644 §3.12), not Quire's JSON error. */
export class ScimError extends ApiError {
  constructor(
    code: number,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(code, message);
    this.name = 'ScimError';
  }
}

export const scimBadRequest = (scimType: ScimType, message: string) => new ScimError(400, message, scimType);
export const scimNotFound = (message: string) => new ScimError(404, message);
export const scimConflict = (message: string) => new ScimError(409, message, 'uniqueness');
