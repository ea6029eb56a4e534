// The iframe page's height, told to the page that holds the frame (the
// element's frame attribute: web/public/embed.html). A frame does not grow
// with what it shows; its parent sizes it from this message
// (docs/course-kit.md has the parent's few lines). Posted to any origin: an
// LMS holds the frame in a sandbox whose origin is opaque, and the number
// says nothing about the learner.
import { HEIGHT_MESSAGE } from './model/frame-options.js';
import type { FrameHeight } from './model/frame-options.js';

export class FrameHeightPoster {
  private last = -1;
  private observer: ResizeObserver | null = null;

  /** Posts host's height now and whenever it changes; nothing when the page is not in a frame. */
  start(host: HTMLElement): void {
    if (typeof window === 'undefined' || window.parent === window || typeof ResizeObserver !== 'function') return;
    this.observer ??= new ResizeObserver(() => this.post(host));
    this.observer.observe(host);
    this.post(host);
  }

  stop(): void {
    this.observer?.disconnect();
    this.observer = null;
  }

  private post(host: HTMLElement): void {
    // The host's bottom edge in the page: the page's margins above it included.
    const height = Math.ceil(host.getBoundingClientRect().bottom + window.scrollY);
    // Nothing drawn yet (the element is upgraded before its first render): no height to tell.
    if (height === this.last || height === 0) return;
    this.last = height;
    const message: FrameHeight = { type: HEIGHT_MESSAGE, height };
    window.parent.postMessage(message, '*');
  }
}
