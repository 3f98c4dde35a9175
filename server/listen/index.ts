// Listen codes (issue 24; DESIGN "The family book (PDF)"): the one writer of `listen_links`.
// A book asks here for a memory's token; the listen page plays through it.
export {};
