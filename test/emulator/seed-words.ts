// The words the seeded records are made of: English and Italian title parts, sentences and quotes, so the
// "Emulated Bistro" reads like a restaurant's journal in both locales.

export const TITLE_EN = {
  lead: [
    'Slow-Roasted',
    'Wild',
    'Charred',
    'Hand-Rolled',
    'Smoked',
    'Late-Summer',
    'Forgotten',
    'Coastal',
    'Crisp',
    'Brown-Butter',
    'Bitter',
    'Midnight',
  ],
  dish: [
    'Tomatoes',
    'Fennel',
    'Anchovies',
    'Risotto',
    'Focaccia',
    'Octopus',
    'Artichokes',
    'Chestnuts',
    'Ricotta',
    'Figs',
    'Pici',
    'Saffron',
  ],
  tail: [
    'and the Art of Patience',
    'from the Harbour',
    'for a Crowd',
    'Done Right',
    'Our Way',
    'on a Tuesday',
    'in Five Steps',
    'with Old Friends',
    'Without Fuss',
    'by the Fire',
  ],
};
export const TITLE_IT = {
  dish: [
    'Pomodori',
    'Finocchi',
    'Acciughe',
    'Risotto',
    'Focaccia',
    'Polpo',
    'Carciofi',
    'Castagne',
    'Ricotta',
    'Fichi',
    'Pici',
    'Zafferano',
  ],
  lead: [
    'arrosto lento',
    'selvatici',
    'alla brace',
    'fatti a mano',
    'affumicati',
    'di fine estate',
    'dimenticati',
    'di mare',
    'croccanti',
    'al burro nocciola',
    'amari',
    'di mezzanotte',
  ],
  tail: [
    'e l’arte della pazienza',
    'dal porto',
    'per tanti',
    'fatti bene',
    'a modo nostro',
    'di martedì',
    'in cinque passi',
    'con vecchi amici',
    'senza fretta',
    'accanto al fuoco',
  ],
};
export const SENTENCES_EN = [
  'We buy from the market at dawn and cook whatever looks best.',
  'The secret is patience, good olive oil and a very hot pan.',
  'Our suppliers have farmed the same hills for four generations.',
  'Serve it warm, with bread to wipe the plate clean.',
  'Salt early, taste often, and never rush the soffritto.',
  'A squeeze of lemon at the end changes everything.',
  'This is the dish our regulars ask for every single week.',
  'Leftovers make an even better lunch the next day.',
];
export const SENTENCES_IT = [
  'Compriamo al mercato all’alba e cuciniamo ciò che sembra migliore.',
  'Il segreto è la pazienza, un buon olio e una padella molto calda.',
  'I nostri fornitori coltivano le stesse colline da quattro generazioni.',
  'Servitelo tiepido, con pane per fare la scarpetta.',
  'Salate presto, assaggiate spesso e non abbiate fretta col soffritto.',
  'Una spruzzata di limone alla fine cambia tutto.',
  'È il piatto che i nostri clienti chiedono ogni settimana.',
  'Gli avanzi sono un pranzo ancora migliore il giorno dopo.',
];
export const QUOTES = [
  ['Cooking is about memory as much as taste.', 'Nonna Lucia'],
  ['Good bread needs time, not tricks.', 'Marco, head baker'],
  ['Nothing grows together like fennel and orange.', 'Our greengrocer'],
  ['The sea decides the menu, we just write it down.', 'Giulia, chef'],
] as const;

export function paragraph(text: string) {
  return { type: 'paragraph', children: [{ type: 'span', value: text }] };
}
