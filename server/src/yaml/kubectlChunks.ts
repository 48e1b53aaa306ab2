// What kubectl refuses in the way a stream is cut into documents, before go-yaml reads any of them: its YAMLReader
// (k8s.io/apimachinery v0.35.0 pkg/util/yaml/decoder.go) ends a chunk at every line starting with `---` and fails on
// one with more than a comment after it; go-yaml (v2.4.3, parserc.go) then reads the chunk's first document, and
// fails when that document opens with `...` or with a directive (the `---` a directive needs began another chunk).
import type { YamlIssue } from './parse';

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 13 || c === 10 || c === 11 || c === 12;

/**
 * The problems of one document range `[start, end)` of `text` (a range of splitYamlDocuments: the chunks it merged
 * are checked one by one, as kubectl reads them). Ranges are absolute.
 */
export function chunkProblems(text: string, start: number, end: number): YamlIssue[] {
  const out: YamlIssue[] = [];
  let empty = true; // nothing of the current chunk read yet
  let explicit = false; // the chunk opens with its `---` line
  let content = false; // the chunk's first token was seen
  for (let lineStart = start; lineStart < end;) {
    let nl = text.indexOf('\n', lineStart);
    if (nl < 0 || nl > end) nl = end;
    if (text.startsWith('---', lineStart)) {
      let j = lineStart + 3;
      while (j < nl && isSpace(text.charCodeAt(j))) j++;
      let k = nl;
      while (k > j && isSpace(text.charCodeAt(k - 1))) k--;
      if (j < k && text[j] !== '#') {
        // YAMLReader.Read: kubectl stops reading the stream here
        out.push({
          code: 'yaml.syntax',
          message: `invalid Yaml document separator: ${text.slice(j, k)}`,
          range: [lineStart, k],
        });
      }
      // a separator that ends a chunk is dropped; one that opens an empty chunk is read as part of it
      if (!empty) [empty, explicit, content] = [true, false, false];
      else [empty, explicit] = [false, true];
    } else {
      empty = false;
      let j = lineStart;
      while (j < nl && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9 || text.charCodeAt(j) === 13)) j++;
      if (!content && j < nl && text[j] !== '#') {
        content = true;
        const marker = j === lineStart && text.startsWith('...', j) && (j + 3 >= nl || isSpace(text.charCodeAt(j + 3)));
        if (!explicit && marker) {
          out.push({ code: 'yaml.syntax', message: 'did not find expected node content', range: [j, j + 3] });
        } else if (!explicit && j === lineStart && text[j] === '%') {
          out.push({ code: 'yaml.syntax', message: 'did not find expected <document start>', range: [j, nl] });
        }
      }
    }
    lineStart = nl + 1;
  }
  return out;
}
