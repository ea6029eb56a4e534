// Results a course page can read (the README's "Results a course page can read"): when a
// puzzle, a drill or an exercise is checked, the element dispatches a
// `tensorcast:result` event that bubbles out of its shadow root, and posts
// the same object to its parent window when the page is in a frame. Nothing
// is sent anywhere else: no request, no storage beyond the page's own.

import type { CheckedResult } from './model/progress.js';

export type { CheckedResult };

export const RESULT_EVENT = 'tensorcast:result';


/** Tells the page (an event from `host`) and, inside a frame, its parent window (postMessage with `type: 'tensorcast:result'`). */
export function sendResult(host: HTMLElement, result: CheckedResult): void {
  host.dispatchEvent(new CustomEvent<CheckedResult>(RESULT_EVENT, { detail: result, bubbles: true, composed: true }));
  if (typeof window !== 'undefined' && window.parent !== window) {
    // Any origin may hold the frame (a course page, an LMS): the object says no more than the event does.
    window.parent.postMessage({ type: RESULT_EVENT, ...result }, '*');
  }
}
