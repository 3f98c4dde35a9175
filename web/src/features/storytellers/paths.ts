/** The printed card's page (SignedInApp's route), outside the shell so only the card prints. */
export const STORYTELLER_CARD_ROUTE = '/storytellers/:id/card';
export const storytellerCardPath = (storytellerId: string) => `/storytellers/${encodeURIComponent(storytellerId)}/card`;
