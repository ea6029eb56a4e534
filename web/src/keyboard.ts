// The playground's shortcuts. Keys typed into a field are left alone; the
// widgets that use arrows themselves (the view tabs, the output grid) stop
// those keys before they get here.

export type KeyAction =
  | { kind: 'prev' }
  | { kind: 'next' }
  | { kind: 'first' }
  | { kind: 'last' }
  | { kind: 'play' }
  | { kind: 'view'; index: number };

function inField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function keyAction(event: KeyboardEvent, target: EventTarget | null): KeyAction | null {
  if (event.altKey || event.ctrlKey || event.metaKey || inField(target)) return null;
  switch (event.key) {
    case 'ArrowLeft':
      return { kind: 'prev' };
    case 'ArrowRight':
      return { kind: 'next' };
    case 'Home':
      return { kind: 'first' };
    case 'End':
      return { kind: 'last' };
    case 'p':
    case 'P':
      return { kind: 'play' };
    case '1':
    case '2':
    case '3':
    case '4':
      return { kind: 'view', index: Number(event.key) - 1 };
    default:
      return null;
  }
}
