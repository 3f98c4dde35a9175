// The book's Typst source. Every word from people arrives as a JSON string in sys.inputs and is
// placed as text, never parsed as markup: a title of "#1 *best* $5 ]" prints as written. A .ts
// module rather than a .typ file, so the build (tsc) carries it into dist/server.
export const bookTemplate = String.raw`
#let input = json(bytes(sys.inputs.book))
#let book = input.book
#let g = book.geometry

#let ink = rgb("#24201c")
#let accent = rgb("#8a5a3b")
#let muted = rgb("#6b635b")

// Literata first (Latin, Greek, Cyrillic); the script's own font before the others, so a
// Korean paragraph takes Nanum Myeongjo's Hangul and Hanja and a Chinese one Noto Serif SC's Han.
#let fonts-for(lang) = {
  if lang == "ko" { ("Literata", "Nanum Myeongjo", "Noto Serif SC", "Noto Serif Hebrew", "Noto Naskh Arabic", "Noto Emoji") }
  else { ("Literata", "Noto Serif SC", "Nanum Myeongjo", "Noto Serif Hebrew", "Noto Naskh Arabic", "Noto Emoji") }
}

#let lines(s) = s.split("\n").join(linebreak())

// A person's words: one paragraph, in its own script and direction.
#let words(p) = {
  set text(lang: p.lang, dir: if p.dir == "rtl" { rtl } else { ltr }, font: fonts-for(p.lang))
  // Naskh's letters sit small beside Literata's at the same size.
  set text(size: 1.12em) if p.lang == "ar"
  par(lines(p.text))
}
// The same words inline (a title in the contents), isolated (Unicode's FSI … PDI), so a title
// that ends in Hebrew or Arabic does not carry the leaders and page number into its run.
#let inline(p) = text(lang: p.lang, font: fonts-for(p.lang), "\u{2068}" + p.text + "\u{2069}")

#let label-line(body) = text(size: 7.5pt, tracking: 0.07em, fill: accent, upper(body))
#let ornament = line(length: 2.4em, stroke: 0.6pt + accent)

#set document(title: book.title.text)
#set text(font: fonts-for("en"), size: 10.5pt, fill: ink, lang: "en", hyphenate: auto)
#set par(justify: true, leading: 0.7em, spacing: 0.7em, first-line-indent: 1.3em)

#let first-page = input.firstPage

#set page(
  width: g.pageWidth * 1pt,
  height: g.pageHeight * 1pt,
  // A verso is bound on its right: a run of memories that starts on an even page swaps sides.
  binding: if calc.odd(first-page) { left } else { right },
  margin: (inside: g.inside * 1pt, outside: g.outside * 1pt, top: g.top * 1pt, bottom: g.bottom * 1pt),
  header-ascent: 40%,
  footer-descent: 40%,
  header: context {
    if input.mode != "memories" { return }
    let here-page = here().page()
    let started = query(<memory-start>).filter(m => m.location().page() <= here-page)
    if started.len() == 0 { return }
    let number = counter(page).get().first()
    set text(size: 7.5pt, tracking: 0.07em, fill: muted)
    align(if calc.even(number) { left } else { right }, upper(started.last().value))
  },
  footer: context {
    if input.mode != "memories" { return }
    set text(size: 8.5pt, fill: muted)
    align(center, str(counter(page).get().first()))
  },
)
#counter(page).update(first-page)

#let photo(p) = block(breakable: false, above: 1.2em, below: 1.4em, width: 100%,
  align(center, image(p.path, width: p.widthPt * 1pt, height: p.heightPt * 1pt)))

#let section(name) = block(sticky: true, above: 1.8em, below: 0.9em, label-line(name))

#let memory(m) = {
  pagebreak(weak: true)
  [#metadata(m.month) <memory-start>]
  context [#metadata((index: m.index, page: here().page())) <memory-page>]
  // The title, its date and teller open the page together, sunk a little as a chapter opens.
  block(breakable: false, sticky: true, width: 100%, {
    set align(center)
    set par(justify: false, first-line-indent: 0pt)
    v(0.45in)
    label-line(m.date)
    v(0.7em)
    {
      set text(size: 20pt, lang: m.title.lang, dir: if m.title.dir == "rtl" { rtl } else { ltr }, font: fonts-for(m.title.lang))
      set par(leading: 0.45em)
      lines(m.title.text)
    }
    v(0.6em)
    text(size: 10.5pt, style: "italic", fill: muted, m.toldBy)
    v(0.5em)
    ornament
    v(1.1em)
  })
  for p in m.photos { photo(p) }
  for p in m.prose { words(p) }
  if m.notes.len() > 0 {
    section(book.words.notes)
    for p in m.notes { words(p) }
  }
  if m.followUps.len() > 0 {
    section(book.words.questions)
    for f in m.followUps {
      block(sticky: true, above: 1.1em, below: 0.5em, {
        set text(style: "italic", fill: accent)
        words(f.question)
      })
      for p in f.answer { words(p) }
    }
  }
  if m.comments.len() > 0 {
    section(book.words.comments)
    for c in m.comments {
      block(above: 1em, below: 0.3em, {
        set text(size: 9.5pt)
        for p in c.text { words(p) }
      })
      block(width: 100%, above: 0.3em, below: 0.8em, align(right, text(size: 8.5pt, fill: muted, style: "italic", c.signature)))
    }
  }
  if m.listen != none {
    block(breakable: false, above: 2em, width: 100%,
      rect(width: 100%, inset: 0.9em, radius: 3pt, stroke: 0.5pt + accent.lighten(40%),
        grid(columns: (g.listenCodeCm * 1cm, 1fr), column-gutter: 1.1em, align: horizon,
          image(bytes(m.listen.svg), format: "svg", width: g.listenCodeCm * 1cm),
          text(size: 9pt, style: "italic", fill: muted, m.listen.caption))))
  }
  if m.tags.len() > 0 {
    block(above: 1.8em, {
      set par(justify: false, first-line-indent: 0pt)
      set text(size: 8pt, fill: muted)
      label-line(book.words.tags)
      h(0.8em)
      m.tags.map(t => text(font: fonts-for("en"), t)).join([#h(0.35em)·#h(0.35em)])
    })
  }
}

// The cover: a double hairline frame inside the margins (nothing near the trim: there is no
// bleed), the photo at its head, the title centred in the space below it. Even margins here,
// since a cover is looked at, not bound into a spread.
#let cover() = page(margin: (x: (g.inside + g.outside) / 2 * 1pt, top: g.top * 1pt, bottom: g.bottom * 1pt), {
  set align(center)
  set par(justify: false, first-line-indent: 0pt)
  rect(width: 100%, height: 100%, stroke: 0.8pt + accent, inset: 3pt,
    rect(width: 100%, height: 100%, stroke: 0.3pt + accent, inset: g.coverInset * 1pt, {
      if book.cover != none {
        v(0.1in)
        image(book.cover.path, width: book.cover.widthPt * 1pt, height: book.cover.heightPt * 1pt)
      }
      v(1fr)
      ornament
      v(1.2em)
      {
        set text(size: 26pt, lang: book.title.lang, dir: if book.title.dir == "rtl" { rtl } else { ltr }, font: fonts-for(book.title.lang))
        set par(leading: 0.4em)
        lines(book.title.text)
      }
      if book.familyName != none {
        v(1em)
        text(size: 13pt, style: "italic", fill: muted, lang: book.familyName.lang, font: fonts-for(book.familyName.lang), book.familyName.text)
      }
      v(1.6em)
      label-line(book.range)
      v(1.2em)
      ornament
      v(1fr)
    }))
})

#let colophon() = page({
  set align(center + bottom)
  set par(justify: false, first-line-indent: 0pt)
  text(size: 8pt, fill: muted, style: "italic", book.colophon)
  v(0.4in)
})

#let contents() = {
  set par(justify: false, first-line-indent: 0pt, leading: 0.55em, spacing: 0.5em)
  v(0.45in)
  align(center, {
    text(size: 20pt, book.words.contents)
    v(0.5em)
    ornament
  })
  v(1.4em)
  for y in book.contents {
    block(sticky: true, above: 1.6em, below: 0.7em, text(size: 14pt, fill: accent, y.year))
    for mo in y.months {
      block(sticky: true, above: 1em, below: 0.5em, label-line(mo.name))
      for e in mo.entries {
        // The line is the book's (left to right, the number at the right) whatever script the
        // title is in: Typst takes a paragraph's direction from its first text, here the title's.
        set text(dir: ltr)
        par(hanging-indent: 1.2em, [#inline(e.title) #box(width: 1fr, repeat(gap: 0.3em, text(fill: muted, "."))) #h(0.2em) #text(fill: muted, str(e.page))])
      }
    }
  }
}

#if input.mode == "front" {
  cover()
  colophon()
  if book.empty != none {
    page({
      set align(center + horizon)
      set par(justify: false, first-line-indent: 0pt)
      ornament
      v(1em)
      text(size: 12pt, style: "italic", fill: muted, book.empty)
      v(1em)
      ornament
    })
  } else {
    contents()
  }
} else {
  for m in input.memories { memory(m) }
}
`;
