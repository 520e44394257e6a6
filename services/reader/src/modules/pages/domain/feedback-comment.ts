// A page feedback comment (the reference's `page_post_feedback_comment`): its bound, for the input
// layer that checks it and the form that asks for it. Pure.

/** At most this many characters (code points), blanks around it dropped. */
export const FEEDBACK_COMMENT_MAX = 512;
