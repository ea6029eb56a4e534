// How the playground fits a phone, a laptop's first screen and a lecture
// hall. The rules follow the component's own width (a container query), not
// the window's: an embed in a narrow column of a wide page is laid out as on
// a phone.
import { css } from 'lit';

export const layoutStyles = css`
  :host {
    container-type: inline-size;
  }
  [role='tablist'] {
    flex-wrap: wrap;
  }
  /* Long names (torch.utils.backcompat.broadcast_warning.enabled) and typed text break rather than widen the page. */
  .verdict,
  .caption,
  .aside,
  .reads {
    overflow-wrap: anywhere;
  }
  .player select {
    padding: 4px;
  }
  .share {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    color: var(--muted);
    font-size: 0.875rem;
  }
  .share:empty {
    display: none;
  }
  .share textarea {
    flex: 1 1 100%;
    font-family: ui-monospace, 'DejaVu Sans Mono', monospace;
  }
  .player .export {
    flex-wrap: wrap;
  }
  .tools {
    flex-wrap: wrap;
  }
  .share progress {
    width: 8em;
  }
  table.strides {
    display: block;
    max-width: 100%;
    overflow-x: auto;
  }
  pre {
    max-width: 100%;
    overflow-x: auto;
  }
  /* Large: a lecture hall reads the text from the back row (the diagram is scaled by fit.ts). */
  :host([large]) {
    font-size: 22px;
  }
  /* The page's rem is the embedding page's, not the host's: sizes set in rem are raised here. */
  :host([large]) .caption {
    font-size: 28px;
  }
  :host([large]) [role='tab'],
  :host([large]) .summary {
    font-size: 24px;
  }
  :host([large]) h1 {
    font-size: 36px;
  }
  /* Fit: the scaled diagram never scrolls; fit.ts sets the box's height. */
  .diagram.fit {
    overflow: hidden;
  }
  .diagram .viewport {
    transform-origin: 0 0;
  }
  /* A laptop's first screen: the verdict flows beside the inputs and then
     under them at full width, so the diagram of a failing case starts above
     the fold of a 768 px screen. The inputs' wrapper floats over the
     verdict's background (floats paint above it), in the page's colour. */
  @container (min-width: 1100px) {
    .top {
      display: flow-root;
    }
    .top > .lead {
      float: left;
      padding: 0 16px 12px 0;
      background: var(--bg);
    }
    .top > .verdict {
      margin: 0;
    }
    .top .problem {
      padding-top: 2px;
      padding-bottom: 2px;
    }
    .top .problem p {
      margin: 6px 0;
    }
    .top .problem h3 {
      margin: 8px 0 2px;
    }
    .top .fixes {
      margin: 4px 0 6px;
    }
    /* The shape syntaxes stay the shape fields' description and tooltip, not a line of their own:
       the line they took pushed a failing case's diagram below the first screen. */
    .lead .hint {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    /* Without a view chain there is nothing to say under its field: no empty line either. */
    small.chain-sees:empty {
      display: none;
    }
    /* Beside its button on a wide screen: each fix one line. */
    .top .fixes .meaning {
      display: inline;
      margin: 0 0 0 10px;
    }
    .intro {
      margin-bottom: 8px;
    }
  }
  /* A phone: one column, nothing wider than the screen; a diagram wider than
     its box scrolls inside it (playground.ts scrolls it to the trailing dims). */
  @container (max-width: 640px) {
    fieldset.operand {
      min-width: 0;
      flex: 1 1 100%;
      grid-template-columns: auto minmax(0, 1fr);
    }
    .operands {
      flex-direction: column;
    }
    [role='tab'] {
      padding: 6px 8px;
      font-size: 0.95rem;
    }
    .player .count {
      min-width: 0;
    }
    .player .export {
      margin-left: 0;
    }
    .tools {
      margin-left: 0;
    }
    h1 {
      font-size: 1.35rem;
    }
  }
  @container (max-width: 480px) {
    .app {
      padding-left: 12px;
      padding-right: 12px;
    }
  }
  /* Touch: no keyboard to hint at; the hover hint says tap instead. */
  .touch-only {
    display: none;
  }
  @media (hover: none) {
    .keys,
    .hover-only {
      display: none;
    }
    .touch-only {
      display: block;
    }
  }
`;
