import { httpUrl, resourceId, text, z } from '@quire/input';
import { siteParams } from '../params.schema';
import { condition, icon, trimmedText } from '../structure.schema';

// Reference addExternalLinkToSite and updateSiteExternalLinkById: title SiteSectionTitle (2..128),
// description SiteSectionDescription (..256), url an absolute http(s) URL (URL, 2048), localized
// strings keyed by a language tag (LocalizedString128/256; the tag's shape is checked, not the list).

export const externalLinkParams = siteParams.extend({ siteExternalLinkId: resourceId });

const title = trimmedText({ min: 2, max: 128 });
const description = text({ max: 256 }).nullable();
const language = z.string().regex(/^[a-z]{2,3}(-[a-z]{2})?$/, 'must be a language tag such as "fr" or "pt-br"');
const localized = (max: number) => z.record(language, text({ max }));

const fields = {
  title,
  localizedTitle: localized(128),
  description,
  localizedDescription: localized(256).nullable(),
  icon,
  url: httpUrl,
  draft: z.boolean(),
  condition,
};

export const addExternalLinkBody = z
  .object({ ...fields, parent: resourceId.optional() })
  .partial({ localizedTitle: true, description: true, localizedDescription: true, icon: true, draft: true, condition: true })
  .strict();

export const updateExternalLinkBody = z
  .object({ ...fields, localizedTitle: fields.localizedTitle.nullable(), parent: resourceId.nullable() })
  .partial()
  .strict();
