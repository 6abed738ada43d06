import sanitizeHtml from 'sanitize-html';

/**
 * The strict allow-list for content HTML: text structure, lists, tables and links only. No scripts, styles,
 * images, forms, frames or event attributes; links only to http(s), mailto or this site, opened safely.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'small',
    'blockquote',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external
          ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' }
          : { ...attribs, rel: 'noopener' },
      };
    },
  },
};

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, options);
}
