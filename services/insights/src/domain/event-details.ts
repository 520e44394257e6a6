import type { SiteInsightsEvent } from '../http/events/events.schema';
import type { InsightsEventRow } from './event-row';
import { domainOf } from './url-fields';

// The type-specific fields of an event that the aggregate columns read (eventLink*, eventAPI*,
// feedback, ask rating, ads, trademark), as dedicated row columns: '' (0 for the ask rating) on
// events of other types.

export type EventDetails = Pick<
  InsightsEventRow,
  | 'link_target_kind'
  | 'link_target_value'
  | 'link_target_domain'
  | 'link_position'
  | 'api_operation_path'
  | 'api_operation_method'
  | 'feedback_rating'
  | 'feedback_comment'
  | 'ask_rating'
  | 'ad_domain'
  | 'ad_placement'
  | 'trademark_placement'
>;

export const NO_DETAILS: Readonly<EventDetails> = Object.freeze({
  link_target_kind: '',
  link_target_value: '',
  link_target_domain: '',
  link_position: '',
  api_operation_path: '',
  api_operation_method: '',
  feedback_rating: '',
  feedback_comment: '',
  ask_rating: 0,
  ad_domain: '',
  ad_placement: '',
  trademark_placement: '',
});

/**
 * JSON with object keys sorted at every level: one text per value whatever the key order the
 * client sent, so a link target groups as one value and a filter can name it as any object.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function eventDetails(event: SiteInsightsEvent): EventDetails {
  switch (event.type) {
    case 'link_click': {
      const { target, position } = event.link;
      // Only a URL target leaves the site; other targets (pages, files, …) have no domain.
      const domain = target.kind === 'url' && typeof target.url === 'string' ? domainOf(target.url) : '';
      return { ...NO_DETAILS, link_target_kind: target.kind, link_target_value: canonicalJson(target), link_target_domain: domain, link_position: position };
    }
    case 'api_client_open':
    case 'api_client_request':
      return { ...NO_DETAILS, api_operation_path: event.operation.path, api_operation_method: event.operation.method };
    case 'page_post_feedback':
      return { ...NO_DETAILS, feedback_rating: event.feedback.rating };
    case 'page_post_feedback_comment':
      return { ...NO_DETAILS, feedback_rating: event.feedback.rating, feedback_comment: event.feedback.comment };
    case 'ask_rate_response':
      return { ...NO_DETAILS, ask_rating: event.rating };
    case 'ad_click':
    case 'ad_display':
      return { ...NO_DETAILS, ad_domain: event.ad.domain, ad_placement: event.ad.placement };
    case 'trademark_click':
      return { ...NO_DETAILS, trademark_placement: event.placement };
    default:
      return { ...NO_DETAILS };
  }
}
