/** The parts of a PostgREST / supabase-js error the admin screens look at. */
export interface DbErrorLike {
  code?: string | null;
  message?: string | null;
}

/** A unique constraint refused the write (Postgres 23505, which PostgREST answers with 409). */
export function isUniqueViolation(error: DbErrorLike | null | undefined): boolean {
  return error?.code === '23505';
}

/** No row matched a single-row read (PostgREST PGRST116, HTTP 406). */
export function isNoRows(error: DbErrorLike | null | undefined): boolean {
  return error?.code === 'PGRST116';
}

/** What a table's row is called on the admin screens ("an article", "a policy type"). */
const things: Record<string, { a: string; the: string }> = {
  news: { a: 'An article', the: 'this article' },
  glossary: { a: 'A term', the: 'this term' },
  faqs: { a: 'An FAQ', the: 'this FAQ' },
  policy_types: { a: 'A policy type', the: 'this policy type' },
  policies: { a: 'A policy', the: 'this policy' },
  callbacks: { a: 'A callback request', the: 'this callback request' },
  people: { a: 'A person', the: 'this person' },
  policy_members: { a: 'A policy member', the: 'this policy member' },
};

/** Unique constraints whose sentence names the field that clashed. */
const uniqueSentences: Record<string, string> = {
  news_slug_key: 'An article with this address already exists.',
  glossary_slug_key: 'A term with this address already exists.',
  policy_types_global_name_key: 'A policy type with this name already exists.',
  people_user_name_key: 'A person with this name already exists.',
};

/** Column names as the forms label them. */
const fieldLabels: Record<string, string> = {
  title: 'The title',
  slug: 'The address (slug)',
  excerpt: 'The excerpt',
  content: 'The content',
  term: 'The term',
  definition: 'The definition',
  context: 'The context',
  question: 'The question',
  answer: 'The answer',
  name: 'The name',
  icon: 'The icon name',
  insurer_name: 'The insurer name',
  policy_number: 'The policy number',
  product_name: 'The plan name',
  additional_details: 'The additional details',
};

const NETWORK =
  /failed to fetch|networkerror|network request failed|fetch failed|load failed|err_network|err_internet_disconnected/i;

/** Whether a failure's own words say the request never got an answer (the browsers' wordings). */
export function isNetworkFailure(message: string): boolean {
  return NETWORK.test(message);
}

function quoted(message: string, after: RegExp): string | undefined {
  return new RegExp(`${after.source}\\s+"([^"]+)"`, 'i').exec(message)?.[1];
}

/** The table a constraint name starts with (constraints here are named `<table>_<what>`). */
function tableOf(constraint: string | undefined): string | undefined {
  if (!constraint) return undefined;
  return Object.keys(things)
    .filter((table) => constraint.startsWith(`${table}_`))
    .sort((a, b) => b.length - a.length)[0];
}

function uniqueSentence(message: string): string {
  const constraint = quoted(message, /unique constraint/);
  if (constraint && uniqueSentences[constraint]) return uniqueSentences[constraint];
  const thing = things[tableOf(constraint) ?? ''];
  return `${thing?.a ?? 'A record'} with these details already exists.`;
}

function foreignKeySentence(message: string): string {
  // "update or delete on table "policy_types" violates foreign key constraint … on table "policies""
  const deleting = /^update or delete on table/i.test(message);
  const table = quoted(message, /on table/) ?? '';
  const thing = things[table];
  if (deleting) {
    return `${capitalise(thing?.the ?? 'this record')} is still used by other records, so it cannot be deleted or changed.`;
  }
  return `${capitalise(thing?.the ?? 'this record')} refers to something that no longer exists. Reload the page and try again.`;
}

function checkSentence(message: string): string {
  const constraint = quoted(message, /check constraint/) ?? '';
  const table = quoted(message, /relation/) ?? tableOf(constraint) ?? '';
  const rest = constraint.startsWith(`${table}_`) ? constraint.slice(table.length + 1) : constraint;
  if (rest.endsWith('_format') && rest.startsWith('slug')) {
    return 'The address (slug) may only use lowercase letters, numbers, hyphens and underscores.';
  }
  const column = rest.replace(/_(length|valid|format|non_negative)$/, '');
  const field = fieldLabels[column];
  if (field && rest.endsWith('_length')) return `${field} is empty or too long.`;
  if (field) return `${field} is not accepted. Check it and try again.`;
  return 'One of the values is not accepted. Check the form and try again.';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A sentence for the admin instead of the database's own words ("duplicate key value violates
 * unique constraint "news_slug_key"" → "An article with this address already exists."). The
 * thing concerned is read from the table or constraint the message names. Messages that are
 * already meant for people (auth errors, our own) pass through unchanged.
 */
export function describeDbError(error: DbErrorLike): string {
  const message = error.message ?? '';
  switch (error.code) {
    case '23505':
      return uniqueSentence(message);
    case '23503':
      return foreignKeySentence(message);
    case '23514':
      return checkSentence(message);
    case '23502':
      return `${fieldLabels[quoted(message, /column/) ?? ''] ?? 'A required field'} is required.`;
    case '22001':
      return 'One of the values is too long.';
    case '42501':
    case 'PGRST301':
    case 'PGRST302':
    case 'PGRST303':
      return 'You are not allowed to do this. Sign in again as the admin and try again.';
    case 'PGRST116':
      return 'It no longer exists: someone may have deleted it. Reload the list.';
    case '57014':
      return 'The server took too long to answer. Try again in a moment.';
    default:
      break;
  }
  if (isNetworkFailure(message)) {
    return 'Could not reach the server. Check your connection and try again.';
  }
  return message || 'Something went wrong. Try again.';
}
