import type { Hover } from 'vscode-languageserver/node';
import type { Analyzed, Session } from './session';
export function hoverAt(_a: Analyzed, _offset: number, _s: Session): Hover | null { return null; }
