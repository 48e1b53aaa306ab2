import type { CodeAction, CodeActionParams } from 'vscode-languageserver/node';
import type { Analyzed, Session } from './session';
export function codeActionsFor(_a: Analyzed, _p: CodeActionParams, _s: Session): CodeAction[] { return []; }
