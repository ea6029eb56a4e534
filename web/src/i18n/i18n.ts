// The messages of a language.
import type { Lang } from '../model/state.js';
import { en } from './en.js';
import type { Messages } from './messages.js';
import { zh } from './zh.js';

export function messagesFor(lang: Lang): Messages {
  return lang === 'zh' ? zh : en;
}
