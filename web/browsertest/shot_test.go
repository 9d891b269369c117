package browsertest

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
)

// shot is a decoded screenshot with the tab it was taken of, to find
// where the DOM put things.
type shot struct {
	tb   *tab
	name string
	img  image.Image
}

func decodeShot(tb *tab, name string, b []byte) *shot {
	tb.t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		tb.t.Fatalf("screenshot %s: %v", name, err)
	}
	if r := img.Bounds(); r.Dx() < 800 || r.Dy() < 600 {
		tb.t.Fatalf("screenshot %s is %v, want the 1200×860 window", name, r)
	}
	return &shot{tb: tb, name: name, img: img}
}

// palette names the colors of the board (style.css).
var palette = []struct {
	name    string
	r, g, b float64
}{
	{"red", 0xb8, 0x32, 0x2a}, {"red", 0x7d, 0x1d, 0x17},
	{"blue", 0x2b, 0x5b, 0xa8}, {"blue", 0x17, 0x35, 0x6a},
	{"lake", 0x6f, 0xa8, 0xc9},
	{"land", 0xc9, 0xb6, 0x7a}, {"land", 0xc2, 0xae, 0x70}, {"zone", 0xe4, 0xd4, 0x9a},
	{"yellow", 0xff, 0xd4, 0x00},
	{"green", 0x28, 0xc8, 0x50},
	{"white", 0xff, 0xff, 0xff},
}

// colorAt names the palette color nearest to the pixel at x, y.
func (s *shot) colorAt(x, y int) string {
	r, g, b, _ := s.img.At(x, y).RGBA()
	best, bestD := "", math.MaxFloat64
	for _, p := range palette {
		d := math.Pow(float64(r>>8)-p.r, 2) + math.Pow(float64(g>>8)-p.g, 2) + math.Pow(float64(b>>8)-p.b, 2)
		if d < bestD {
			best, bestD = p.name, d
		}
	}
	return best
}

// at names the color at the point (fx, fy) of a square of a board, as
// fractions of the square's size from its top-left corner.
func (s *shot) at(board, sq string, fx, fy float64) string {
	s.tb.t.Helper()
	box := eval[[]float64](s.tb, fmt.Sprintf(
		`(() => { const r = document.querySelector('%s [data-square="%s"] rect.hit').getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })()`,
		board, sq))
	return s.colorAt(int(box[0]+fx*box[2]), int(box[1]+fy*box[3]))
}

// want checks that the point of a square has the color want.
func (s *shot) want(board, sq string, fx, fy float64, want string) {
	s.tb.t.Helper()
	if got := s.at(board, sq, fx, fy); got != want {
		s.tb.t.Errorf("screenshot %s: %s of %s at (%.2f, %.2f) is %s, want %s", s.name, board, sq, fx, fy, got, want)
	}
}

// body is the point of a square on a piece's body, clear of its labels
// and marks.
const bodyX, bodyY = 0.14, 0.5
