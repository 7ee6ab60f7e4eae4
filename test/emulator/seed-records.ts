// The seeded records of the "Emulated Bistro": authors, categories, dishes, articles (the big model),
// pages, events and the home page, with their blocks. Deterministic: same ids and contents on every run.
// The helpers they are made with are in seed-record-kit.ts, their words in seed-words.ts.
import { HOUR, iso, RecordKit, SEED_TIME } from './seed-record-kit.js';
import { paragraph, SENTENCES_EN, SENTENCES_IT, TITLE_EN, TITLE_IT } from './seed-words.js';
import type { ItemMeta, StoredItem } from './store.js';

export { ACCOUNT, HOUR, iso, SEED_TIME, type SchemaRefs } from './seed-record-kit.js';

export class RecordFactory extends RecordKit {
  seedAll(articleCount: number): void {
    this.seedAuthors();
    this.seedCategories();
    this.seedDishes();
    for (let i = 0; i < articleCount; i++) this.seedArticle(i);
    this.seedPages();
    this.seedEvents();
    this.seedHomePage();
  }

  private seedAuthors(): void {
    const people: [string, string, string[]][] = [
      ['Giulia Moretti', 'chef', ['recipes', 'producers']],
      ['Marco Bellini', 'chef', ['recipes']],
      ['Sofia Ricci', 'sommelier', ['wine', 'travel']],
      ['Luca Ferraro', 'critic', ['travel']],
      ['Anna Conti', 'guest', ['producers', 'travel']],
      ['Paolo Greco', 'guest', []],
    ];
    people.forEach(([name, role, topics], i) => {
      const slug = name.toLowerCase().replace(/ /g, '-');
      const item = this.addRecord(
        'author',
        {
          name,
          slug,
          role,
          email: `${slug.split('-')[0]}@emulated-bistro.example`,
          bio: {
            en: `**${name}** has cooked and written for the bistro since ${2015 + i}.`,
            it: `**${name}** cucina e scrive per il bistrot dal ${2015 + i}.`,
          },
          avatar: i === 5 ? null : this.file(name),
          topics: JSON.stringify(topics),
        },
        this.meta(SEED_TIME - (40 - i) * 24 * HOUR, 'published'),
      );
      this.authors.push(item.id);
    });
  }

  private seedCategories(): void {
    const list: [string, string, string, [number, number, number]][] = [
      ['Recipes', 'Ricette', 'recipes', [230, 57, 70]],
      ['Producers', 'Produttori', 'producers', [42, 157, 143]],
      ['Wine', 'Vino', 'wine', [38, 70, 83]],
      ['Kitchen news', 'Notizie dalla cucina', 'kitchen-news', [233, 196, 106]],
      ['Travel', 'Viaggi', 'travel', [244, 162, 97]],
      ['Reviews', 'Recensioni', 'reviews', [120, 120, 120]],
    ];
    list.forEach(([en, it, slug, [red, green, blue]], i) => {
      const item = this.addRecord(
        'category',
        {
          name: { en, it },
          slug,
          // the colour picker has no alpha here; older records were saved without it
          color: { red, green, blue, alpha: i % 2 === 0 ? 255 : 128 },
          description: {
            en: `<p>Everything about <strong>${en.toLowerCase()}</strong>.</p>`,
            it: `<p>Tutto su <strong>${it.toLowerCase()}</strong>.</p>`,
          },
          position: i + 1,
        },
        this.meta(SEED_TIME - (35 - i) * 24 * HOUR, 'published'),
      );
      this.categories.push(item.id);
    });
  }

  private seedDishes(): void {
    const dishes: [string, string, string, number, boolean, number, string[]][] = [
      ['Burrata with blood orange', 'Burrata con arancia rossa', 'starter', 12.5, true, 0, ['dairy']],
      ['Fried anchovies', 'Alici fritte', 'starter', 11, false, 0, ['gluten']],
      ['Artichokes alla romana', 'Carciofi alla romana', 'starter', 10, true, 0, []],
      ['Pici cacio e pepe', 'Pici cacio e pepe', 'main', 16, true, 1, ['gluten', 'dairy']],
      ['Saffron risotto', 'Risotto allo zafferano', 'main', 18, true, 0, ['dairy']],
      ['Grilled octopus', 'Polpo alla griglia', 'main', 24, false, 1, ['shellfish']],
      ['Nduja spaghetti', 'Spaghetti alla nduja', 'main', 17, false, 3, ['gluten']],
      ['Chestnut tiramisu', 'Tiramisù alle castagne', 'dessert', 9, true, 0, ['egg', 'dairy', 'gluten']],
      ['Fig and ricotta tart', 'Crostata di fichi e ricotta', 'dessert', 8.5, true, 0, ['gluten', 'dairy', 'nuts']],
      ['Negroni sbagliato', 'Negroni sbagliato', 'drink', 10, true, 0, []],
      ['House limoncello', 'Limoncello della casa', 'drink', 6, true, 0, []],
      ['Seasonal special', 'Piatto del giorno', 'main', 21, false, 2, []],
    ];
    dishes.forEach(([en, it, course, price, vegetarian, spiciness, allergens], i) => {
      const status = i === 11 ? 'draft' : i === 4 ? 'updated' : 'published';
      const attributes = {
        name: { en, it },
        description: { en: `<p>${this.rng.pick(SENTENCES_EN)}</p>`, it: `<p>${this.rng.pick(SENTENCES_IT)}</p>` },
        course,
        price,
        vegetarian,
        spiciness,
        allergens: JSON.stringify(allergens),
        photos: i % 3 === 0 ? [this.file(en), this.file(null)] : [this.file(en)],
        position: i + 1,
      };
      const created = SEED_TIME - (30 - i) * 24 * HOUR;
      const published = status === 'updated' ? { ...attributes, price: price - 1 } : undefined;
      const item = this.addRecord(
        'dish',
        attributes,
        this.meta(created, status, created + (status === 'updated' ? 5 * HOUR : 0)),
        published,
      );
      this.dishes.push(item.id);
    });
  }

  private seedArticle(index: number): void {
    const rng = this.rng;
    const a = index % TITLE_EN.lead.length;
    const b = Math.floor(index / TITLE_EN.lead.length) % TITLE_EN.dish.length;
    const c = rng.int(0, TITLE_EN.tail.length - 1);
    const titleEn = `${TITLE_EN.lead[a]} ${TITLE_EN.dish[b]} ${TITLE_EN.tail[c]}`;
    const titleIt = `${TITLE_IT.dish[b]} ${TITLE_IT.lead[a]} ${TITLE_IT.tail[c]}`;
    const slug = `${titleEn
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/-+$/, '')}-${index + 1}`;
    const createdAt = SEED_TIME + index * 2 * HOUR;
    const roll = rng.float();
    const status: ItemMeta['status'] = roll < 0.55 ? 'published' : roll < 0.8 ? 'draft' : 'updated';
    const isPublished = status !== 'draft';
    const updatedAt = createdAt + (status === 'updated' ? 26 * HOUR : rng.int(0, 3) * HOUR);

    const sentence = (list: string[]) => list[(index + rng.int(0, list.length - 1)) % list.length] ?? '';
    const bodyDoc = (locale: 'en' | 'it') => {
      const sentences = locale === 'en' ? SENTENCES_EN : SENTENCES_IT;
      const children: unknown[] = [
        { type: 'heading', level: 2, children: [{ type: 'span', value: locale === 'en' ? titleEn : titleIt }] },
        paragraph(sentence(sentences)),
        paragraph(sentence(sentences)),
      ];
      if (index % 5 === 0)
        children.splice(2, 0, { type: 'block', item: this.randomBlock(['quote_block', 'image_block'], createdAt, isPublished) });
      return { schema: 'dast', document: { type: 'root', children } };
    };
    const blocks = (count: number) =>
      Array.from({ length: count }, () => this.randomBlock(['image_block', 'quote_block', 'cta_block'], createdAt, isPublished));

    const attributes: Record<string, unknown> = {
      title: { en: titleEn, it: titleIt },
      slug,
      excerpt: { en: sentence(SENTENCES_EN), it: sentence(SENTENCES_IT) },
      body: { en: bodyDoc('en'), it: bodyDoc('it') },
      content: { en: blocks(index % 3 === 0 ? 2 : 1), it: blocks(index % 4 === 0 ? 1 : 0) },
      hero: index % 4 === 1 ? this.randomBlock(['image_block', 'cta_block'], createdAt, isPublished) : null,
      cover: index % 7 === 3 ? null : this.file(titleEn),
      author: rng.pick(this.authors),
      categories: index % 6 === 5 ? [] : [...new Set([rng.pick(this.categories), rng.pick(this.categories)])],
      published_on: iso(createdAt).slice(0, 10),
      reading_time: rng.int(2, 25),
      rating: index % 9 === 0 ? null : Math.round(rng.float() * 50) / 10,
      featured: index % 10 === 0,
      seo: {
        en: {
          title: titleEn.slice(0, 60),
          description: sentence(SENTENCES_EN),
          image: null,
          twitter_card: 'summary_large_image',
          no_index: false,
        },
        it: {
          title: titleIt.slice(0, 60),
          description: sentence(SENTENCES_IT),
          image: null,
          twitter_card: 'summary_large_image',
          no_index: false,
        },
      },
    };
    // An "updated" record's published version still carries the headline it was published with.
    const published =
      status === 'updated' ? { ...attributes, title: { en: `${titleEn} (first edition)`, it: `${titleIt} (prima edizione)` } } : undefined;
    const item = this.addRecord('article', attributes, this.meta(createdAt, status, updatedAt), published);
    this.articles.push(item.id);
  }

  private seedPages(): void {
    const pages: [string, string, string, number | null][] = [
      ['About us', 'Chi siamo', 'about', null],
      ['Our story', 'La nostra storia', 'about/story', 0],
      ['The team', 'La squadra', 'about/team', 0],
      ['Visit', 'Visitaci', 'visit', null],
      ['Private dining', 'Cene private', 'visit/private-dining', 3],
      ['Gift cards', 'Buoni regalo', 'gift-cards', null],
      ['Allergen policy', 'Politica allergeni', 'visit/allergens', 3],
    ];
    const created: StoredItem[] = [];
    const positions = new Map<string, number>();
    pages.forEach(([en, it, slug, parentIndex], i) => {
      const parent = parentIndex === null ? null : (created[parentIndex] ?? null);
      const key = parent?.id ?? '';
      const position = (positions.get(key) ?? 0) + 1;
      positions.set(key, position);
      const item = this.addRecord(
        'page',
        {
          title: { en, it },
          slug: slug.replace(/\//g, '-'),
          body: { en: `# ${en}\n\n${this.rng.pick(SENTENCES_EN)}`, it: `# ${it}\n\n${this.rng.pick(SENTENCES_IT)}` },
          sections: i % 2 === 0 ? [this.randomBlock(['cta_block', 'image_block'], SEED_TIME, i !== 5)] : [],
          parent_id: parent?.id ?? null,
          position,
        },
        this.meta(SEED_TIME - (20 - i) * 24 * HOUR, i === 5 ? 'draft' : 'published'),
      );
      created.push(item);
    });
    for (const page of created) page.meta.has_children = created.some((p) => p.attributes.parent_id === page.id);
  }

  private seedEvents(): void {
    const events: [string, string, string, ItemMeta['status']][] = [
      ['Truffle night', 'Serata al tartufo', '2024-11-08T19:30:00+01:00', 'published'],
      ['Natural wine tasting', 'Degustazione vini naturali', '2024-12-05T18:00:00+01:00', 'published'],
      ['Fresh pasta class', 'Corso di pasta fresca', '2025-01-18T10:00:00+01:00', 'updated'],
      ['New Year’s Eve dinner', 'Cenone di Capodanno', '2024-12-31T20:00:00+01:00', 'draft'],
    ];
    events.forEach(([en, it, startsAt, status], i) => {
      const attributes = {
        name: { en, it },
        starts_at: startsAt,
        ends_at: i === 3 ? null : startsAt.replace(/T(\d\d)/, (_m, h: string) => `T${String(Number(h) + 3).padStart(2, '0')}`),
        venue: i === 1 ? { latitude: 45.4384, longitude: 10.9916 } : { latitude: 44.4056, longitude: 8.9463 },
        ticket_url: i === 3 ? null : `https://tickets.emulated-bistro.example/e/${i + 1}`,
        highlight_color: { red: 120 + i * 30, green: 40, blue: 60, alpha: 200 },
        details: JSON.stringify({ seats: 24 + i * 6, price_eur: 45 + i * 10, waitlist: i === 0 }),
        poster: i % 2 === 0 ? this.file(en) : null,
        teaser:
          i === 0
            ? {
                provider: 'youtube',
                provider_uid: 'dQw4w9WgXcQ',
                url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
                width: 1280,
                height: 720,
                thumbnail_url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
                title: 'Truffle night teaser',
              }
            : i === 2
              ? {
                  provider: 'vimeo',
                  provider_uid: '148751763',
                  url: 'https://vimeo.com/148751763',
                  width: 640,
                  height: 360,
                  thumbnail_url: 'https://i.vimeocdn.com/video/148751763_640.jpg',
                  title: 'Harvest supper',
                }
              : null,
      };
      const created = SEED_TIME - (10 - i) * 24 * HOUR;
      const published = status === 'updated' ? { ...attributes, ticket_url: null } : undefined;
      this.addRecord('event', attributes, this.meta(created, status, created + (status === 'updated' ? 2 * HOUR : 0)), published);
    });
  }

  private seedHomePage(): void {
    const created = SEED_TIME - 50 * 24 * HOUR;
    const intro = (text: string) => ({
      schema: 'dast',
      document: {
        type: 'root',
        children: [
          {
            type: 'paragraph',
            children: [
              { type: 'span', value: text },
              { type: 'itemLink', item: this.dishes[3], children: [{ type: 'span', value: ' pici' }] },
            ],
          },
          {
            type: 'block',
            item: this.block(
              'cta_block',
              { label: 'Book a table', url: 'https://emulated-bistro.example/book', style: 'primary' },
              created,
              true,
            ),
          },
        ],
      },
    });
    const item = this.addRecord(
      'home_page',
      {
        headline: { en: 'Seasonal Italian cooking by the harbour', it: 'Cucina italiana di stagione sul porto' },
        intro: { en: intro('Come for the sea view, stay for the'), it: intro('Venite per il mare, restate per i') },
        hero_video: {
          provider: 'vimeo',
          provider_uid: '76979871',
          url: 'https://vimeo.com/76979871',
          width: 1920,
          height: 1080,
          thumbnail_url: 'https://i.vimeocdn.com/video/452001751_640.jpg',
          title: 'A morning at the market',
        },
        promo: this.block(
          'cta_block',
          { label: 'Gift cards', url: 'https://emulated-bistro.example/gift-cards', style: 'secondary' },
          created,
          true,
        ),
        featured_articles: this.articles.slice(0, Math.min(3, this.articles.length)),
        signature_dish: this.dishes[3] ?? null,
        location: { latitude: 44.4056, longitude: 8.9463 },
        gallery: [this.file('The dining room'), this.file('The terrace at sunset'), this.file('Guests at the bar')],
        seo: {
          en: {
            title: 'Emulated Bistro',
            description: 'Seasonal Italian cooking by the harbour.',
            image: this.uploadIds[0],
            twitter_card: 'summary',
            no_index: false,
          },
          it: {
            title: 'Emulated Bistro',
            description: 'Cucina italiana di stagione sul porto.',
            image: this.uploadIds[0],
            twitter_card: 'summary',
            no_index: false,
          },
        },
      },
      this.meta(created, 'published', created + 24 * HOUR),
    );
    const homeType = this.env.itemTypes.get(this.modelId('home_page'));
    if (homeType) {
      homeType.relationships.singleton_item = { data: { type: 'item', id: item.id } };
      homeType.attributes.has_singleton_item = true;
      homeType.meta.has_singleton_item = true;
    }
  }
}
