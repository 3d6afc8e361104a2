"""The Cryptex deck of each language: the rulebook's 20 cards (RULEBOOK, the
language the rulebook is written in), or a deck made for the language.

Each made deck has the rulebook's shape: 20 cards of five symbols, 95 letters and a
joker on cards 1, 6, 14, 18 and 19. It was made by deckgen.generate_deck from
the language's letter frequencies and chosen by
`python -m printkit.games.cryptex.choose_deck LANG 6 24`: 6 seeds x 4 exponents,
each deck played by the solver on the same 24 seeded challenges; the playable
deck (every card's letters in at least 65% of the commonest words, as the
rulebook's least covered card) with the highest mean par won. Frozen here so
that a deck never changes under a player: LANG: (seed, exponent, cards).
"""

RULEBOOK = (
    "ECRO?", "EGTUN", "PBFEL", "DOVIE", "EGRTH",
    "NIES?", "LOEWY", "IETMK", "DRBEA", "OAIUE",
    "AYTEX", "AIJNS", "RHAOL", "TIBA?", "VAGNU",
    "SDOAI", "RUWLC", "SFIT?", "MBNO?", "IDRPN",
)

#: LANG: (seed, exponent, cards); the rulebook's own deck has no seed nor exponent
DECKS = {
    'en': (None, None, RULEBOOK),
    'de': ('candidate-1', 0.7, ('CAOR?', 'ÖLSDA', 'UZEGL', 'ENTUM', 'ETDÄN', 'HSOA?', 'WIEHR', 'WSIBE', 'NVGDE', 'KHERI', 'NUMTE', 'LFGEÖ', 'FÄELT', 'PBRA?', 'ICPSA', 'ÜNKGA', 'ENZHK', 'MISB?', 'UICR?', 'OEFTL')),
    'fr': ('candidate-2', 0.6, ('ITOD?', 'LMAUN', 'BIEGS', 'ETYGR', 'AICVR', 'JCAR?', 'RPEOV', 'BENUM', 'PEISX', 'NPUHE', 'ENTGZ', 'LISFE', 'EVSPI', 'AODT?', 'IRECM', 'BRUFE', 'ANLOJ', 'HALT?', 'ASDU?', 'NQCOE')),
    'es': ('candidate-2', 0.7, ('SDPE?', 'GLONE', 'ÑNDEO', 'UAPCR', 'SOVAL', 'DNVO?', 'EQURC', 'AIRTJ', 'TAOFN', 'MOBAS', 'LIPSA', 'STOAQ', 'AFCUR', 'ELNB?', 'UCRAH', 'ANGDO', 'AIZTR', 'CEIM?', 'ESIM?', 'ÑRETI')),
    'nl': ('candidate-1', 0.8, ('BNAH?', 'IERJK', 'HOETN', 'NSMEW', 'OCKER', 'GASU?', 'NAPDO', 'TNWEO', 'EFIDR', 'EGLOM', 'ELIPT', 'OLCGE', 'EVDSI', 'FATS?', 'BOJRE', 'PSEIB', 'LIAVK', 'DUAR?', 'UALG?', 'ANZTM')),
}
