/** My books (issue 24), a page of the signed-in app. */
export const BOOKS_PATH = '/books';
