// Types for generate.mjs, so that TypeScript tests can call it.
import type { Chapter, Note } from './types';

export const NOTES_DIR: string;
export const OUTPUT_FILE: string;
export function splitFrontMatter(text: string, file: string): { data: Record<string, unknown>; body: string };
export function noteFromFile(text: string, source: string): Note;
export function loadNotes(notesDir?: string): { chapters: Chapter[]; notes: Note[] };
export function renderModule(data: { chapters: readonly Chapter[]; notes: readonly Note[] }): string;
export function generate(notesDir?: string): string;
