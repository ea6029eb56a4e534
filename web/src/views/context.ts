// What every view reads: the model, the language's messages and the theme's
// palette.
import type { Palette } from '../diagram/palette.js';
import type { Messages } from '../i18n/messages.js';
import type { PlaygroundModel } from '../model/model.js';

export interface ViewContext {
  model: PlaygroundModel;
  m: Messages;
  p: Palette;
}
