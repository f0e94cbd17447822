// A strict little XML reader for tests: throws on anything not well-formed (unbalanced or
// crossed tags, unquoted or duplicate attributes, bare `<` or `&`), else returns the tree.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = '[A-Za-z_:][-A-Za-z0-9_:.]*';
const ENTITY = /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g;

function checkText(text: string, where: string): string {
  if (text.includes('<')) throw new Error(`bare < in ${where}`);
  if (text.replace(ENTITY, '').includes('&')) throw new Error(`bare & in ${where}: ${text}`);
  return text;
}

function parseAttributes(source: string, tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern = new RegExp(`\\s+(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'y');
  let rest = source;
  while (rest.trim() !== '') {
    pattern.lastIndex = 0;
    const match = pattern.exec(rest);
    if (!match) throw new Error(`bad attributes in <${tag}>: ${rest}`);
    if (match[1] in attributes) throw new Error(`duplicate attribute ${match[1]} in <${tag}>`);
    attributes[match[1]] = checkText(match[2] ?? match[3], `attribute ${match[1]}`);
    rest = rest.slice(match[0].length);
  }
  return attributes;
}

export function parseXml(source: string): XmlElement {
  const body = source.replace(/^<\?xml[^?]*\?>\s*/, '');
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const token = new RegExp(`<!--[\\s\\S]*?-->|<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>|([^<]+)|(<)`, 'g');
  let match: RegExpExecArray | null;
  while ((match = token.exec(body))) {
    const [whole, closing, name, attrs, selfClosing, text, stray] = match;
    const top = stack[stack.length - 1];
    if (stray) throw new Error(`malformed tag near: ${body.slice(match.index, match.index + 60)}`);
    if (whole.startsWith('<!--')) continue;
    if (text !== undefined) {
      top.text += checkText(text, `<${top.name}>`);
    } else if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
    } else {
      const element: XmlElement = { name, attributes: parseAttributes(attrs, name), children: [], text: '' };
      top.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1].name}>`);
  if (root.children.length !== 1 || root.text.trim() !== '') throw new Error('not exactly one root element');
  return root.children[0];
}

/** Every element below (and including) `element`, depth first. */
export function allElements(element: XmlElement): XmlElement[] {
  return [element, ...element.children.flatMap(allElements)];
}

export function hasClass(element: XmlElement, name: string): boolean {
  return (element.attributes.class ?? '').split(/\s+/).includes(name);
}
