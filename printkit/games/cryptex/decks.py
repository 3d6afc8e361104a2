"""The Cryptex deck of each language other than English (English plays the
rulebook's 20 cards, model.RULEBOOK_CARDS).

Each deck has the rulebook's shape: 20 cards of five symbols, 95 letters and a
joker on cards 1, 6, 14, 18 and 19. It was made by deckgen.generate_deck from
the language's letter frequencies and chosen by
`python -m printkit.games.cryptex.choose_deck LANG 6 24`: 6 seeds x 4 exponents,
each deck played by the solver on the same 24 seeded challenges; the playable
deck (every card's letters in at least 65% of the commonest words, as the
rulebook's least covered card) with the highest mean par won. Frozen here so
that a deck never changes under a player: LANG: (seed, exponent, cards).
"""

DECKS = {
    'de': ('candidate-2', 0.8, ('TIHK?', 'CLAÄN', 'ERIBM', 'ESWIG', 'ELUNP', 'ATGK?', 'SEBVI', 'CALOR', 'TNÖKE', 'ISEHP', 'IHSEZ', 'TROEC', 'TNÖDA', 'SMAH?', 'DNGEO', 'FTREU', 'NMEUL', 'UBAR?', 'AGFS?', 'REDÜL')),
    'fr': ('candidate-0', 0.6, ('UGIL?', 'VNESU', 'EMTNY', 'NJTEO', 'IAHSC', 'QRDA?', 'IESPD', 'CNEPO', 'RZETM', 'PIABL', 'EUSMN', 'IEFCL', 'DERXI', 'LVAT?', 'UNTFE', 'ROEBJ', 'ECORV', 'URGA?', 'AGOS?', 'LABIH')),
    'es': ('candidate-2', 0.8, ('PONI?', 'EBTCO', 'PARUN', 'MCÑAE', 'RQIDA', 'UOSC?', 'REGTO', 'NOLJA', 'TAEVL', 'RNFAU', 'DQECA', 'ARTPI', 'GCEAD', 'MOIL?', 'RAVES', 'HIART', 'RBDAI', 'NMOI?', 'LOSU?', 'LOEZS')),
    'nl': ('candidate-0', 0.7, ('TRAV?', 'GRIFE', 'SEMOW', 'ADPSI', 'ASJIK', 'RWAK?', 'GEOHN', 'POTAL', 'LMDEZ', 'BLOEC', 'VENTO', 'EHGNI', 'EUDML', 'ABUN?', 'BLCEO', 'TEJNO', 'DSIPE', 'RAUK?', 'RKAF?', 'SGEIZ')),
}
