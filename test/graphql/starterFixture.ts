// A site's code as DatoCMS starters write it (gql.tada: each component owns its fragment, queries spread them from
// other files; an Astro page, a Vue component; a shared executeQuery that pages automatically), against the emulator's
// seeded project. Written to a folder by the tests that read it.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export const STARTER: Record<string, string> = {
  'src/lib/datocms/executeQuery.ts': [
    "import { rawExecuteQueryWithAutoPagination } from '@datocms/cda-client';",
    'export async function executeQuery(query: unknown, variables?: object) {',
    '  const [result] = await rawExecuteQueryWithAutoPagination(query as never, { token: process.env.TOKEN!, variables });',
    '  return result;',
    '}',
  ].join('\n'),
  'src/lib/datocms/commonFragments.ts': [
    "import { graphql } from '~/lib/datocms/graphql';",
    'export const TagFragment = graphql(/* GraphQL */ `',
    '  fragment TagFragment on Tag {',
    '    tag',
    '    attributes',
    '    content',
    '  }',
    '`);',
  ].join('\n'),
  'src/components/ResponsiveImage/index.tsx': [
    "import { graphql } from '~/lib/datocms/graphql';",
    'export const ResponsiveImageFragment = graphql(`',
    '  fragment ResponsiveImageFragment on ResponsiveImage {',
    '    src srcSet base64 width height alt title sizes',
    '  }',
    '`);',
    'export function ResponsiveImage() { return <img alt="" />; }',
  ].join('\n'),
  'src/components/blocks/ImageBlock/index.tsx': [
    "import { graphql } from '~/lib/datocms/graphql';",
    "import { ResponsiveImageFragment } from '~/components/ResponsiveImage';",
    'export const ImageBlockFragment = graphql(',
    '  `',
    '    fragment ImageBlockFragment on ImageBlockRecord {',
    '      __typename',
    '      id',
    '      caption',
    '      image { responsiveImage(sizes: "(max-width: 700px) 100vw, 700px") { ...ResponsiveImageFragment } }',
    '    }',
    '  `,',
    '  [ResponsiveImageFragment],',
    ');',
  ].join('\n'),
  'src/components/blocks/QuoteBlock/index.tsx': [
    "import { graphql } from '~/lib/datocms/graphql';",
    'export const QuoteBlockFragment = graphql(`fragment QuoteBlockFragment on QuoteBlockRecord { __typename id quote attribution }`);',
  ].join('\n'),
  'src/components/ArticleBody/fragment.ts': [
    "import { graphql } from '~/lib/datocms/graphql';",
    "import { ImageBlockFragment } from '~/components/blocks/ImageBlock';",
    "import { QuoteBlockFragment } from '~/components/blocks/QuoteBlock';",
    '// the structured text field as a type of its own: ArticleModelBodyField',
    'export const ArticleBodyFragment = graphql(',
    '  `fragment ArticleBodyFragment on ArticleModelBodyField {',
    '    value',
    '    blocks { ... on RecordInterface { id __typename } ...ImageBlockFragment ...QuoteBlockFragment }',
    '  }`,',
    '  [ImageBlockFragment, QuoteBlockFragment],',
    ');',
  ].join('\n'),
  'src/components/ArticleCard/index.tsx': [
    "import { graphql } from '~/lib/datocms/graphql';",
    "import { ResponsiveImageFragment } from '~/components/ResponsiveImage';",
    'export const ArticleCardFragment = graphql(',
    '  `fragment ArticleCardFragment on ArticleRecord {',
    '    id title(locale: $locale) slug readingTime',
    '    cover { responsiveImage(imgixParams: { w: 600 }) { ...ResponsiveImageFragment } }',
    '    author { name }',
    '  }`,',
    '  [ResponsiveImageFragment],',
    ');',
  ].join('\n'),
  'src/app/page.tsx': [
    "import { graphql } from '~/lib/datocms/graphql';",
    "import { executeQuery } from '~/lib/datocms/executeQuery';",
    "import { TagFragment } from '~/lib/datocms/commonFragments';",
    "import { ArticleCardFragment } from '~/components/ArticleCard';",
    'const query = graphql(',
    '  `query HomePage($locale: SiteLocale) {',
    '    _site { faviconMetaTags { ...TagFragment } }',
    '    allArticles(first: 100, orderBy: _createdAt_DESC) { ...ArticleCardFragment }',
    '  }`,',
    '  [TagFragment, ArticleCardFragment],',
    ');',
    'export default async function Page() { const data = await executeQuery(query); return <main>{data ? "ok" : ""}</main>; }',
  ].join('\n'),
  'src/app/articles/[slug]/page.tsx': [
    "import { graphql } from '~/lib/datocms/graphql';",
    "import { TagFragment } from '~/lib/datocms/commonFragments';",
    "import { ArticleBodyFragment } from '~/components/ArticleBody/fragment';",
    "import { ResponsiveImageFragment } from '~/components/ResponsiveImage';",
    'const query = graphql(',
    '  `query ArticlePage($slug: String!) {',
    '    article(filter: { slug: { eq: $slug } }) {',
    '      _seoMetaTags { ...TagFragment }',
    '      title',
    '      body { ...ArticleBodyFragment }',
    '      cover { responsiveImage { ...ResponsiveImageFragment } }',
    '    }',
    '  }`,',
    '  [TagFragment, ArticleBodyFragment, ResponsiveImageFragment],',
    ');',
  ].join('\n'),
  'src/pages/authors.astro': [
    '---',
    "import { executeQuery } from '~/lib/datocms/executeQuery';",
    "import { ArticleCardFragment } from '~/components/ArticleCard';",
    'const query = graphql(',
    '  `query AuthorsPage($locale: SiteLocale) { allAuthors { name avatar { url } } allArticles(first: 3) { ...ArticleCardFragment } }`,',
    '  [ArticleCardFragment],',
    ');',
    'const data = await executeQuery(query);',
    '---',
    '<ul>{data.allAuthors.map((a) => <li>{a.name}</li>)}</ul>',
  ].join('\n'),
  'src/components/LatestQuote.vue': [
    '<template><blockquote>{{ quote }}</blockquote></template>',
    '<script setup lang="ts">',
    "import { QuoteBlockFragment } from '~/components/blocks/QuoteBlock';",
    'const query = graphql(`query LatestQuote { allArticles(first: 1) { body { blocks { ...QuoteBlockFragment } } } }`, [QuoteBlockFragment]);',
    '</script>',
  ].join('\n'),
  // every slug, in one query: executeQuery pages it (the API alone refuses a page over 500)
  'src/app/sitemap.ts': [
    "import { graphql } from '~/lib/datocms/graphql';",
    'export const SitemapQuery = graphql(`query Sitemap { allArticles(first: 1000) { slug _updatedAt } }`);',
  ].join('\n'),
  'src/queries/categories.graphql': 'query Categories {\n  allCategories { name slug }\n}\n',
};

/** The fixture written under `root`; its files with their kinds, as the scan is given them. */
export async function writeStarter(root: string): Promise<{ path: string; kind: 'graphql' | 'script' | 'markup'; root: string }[]> {
  const files = [];
  for (const [name, text] of Object.entries(STARTER)) {
    const path = join(root, name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
    files.push({
      path,
      kind: name.endsWith('.graphql') ? 'graphql' : /\.(astro|vue|svelte)$/.test(name) ? 'markup' : 'script',
      root,
    } as const);
  }
  return files;
}
