import type { SiteInsightsEvent } from './site-insights-event';
import { canonicalJson } from '../model/canonical-json';
import { NO_DETAILS, type EventDetails } from '../model/event-row';
import { domainOf } from './url-fields';

// The type-specific fields of an event as row columns (model/event-row.ts, EventDetails).

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
