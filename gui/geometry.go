package gui

import (
	"math"
	"strconv"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/hexboard"
)

// Geometry is how the page draws a board: every cell's centre and shade in
// board units (y grows downwards, White at the bottom), the coordinate
// labels for both orientations and the view box. The page rotates by 180°
// to flip, so the labels for the flipped board are given in the same
// unflipped coordinates.
type Geometry struct {
	Shape   string         `json:"shape"` // "hex" (flat-topped, circumradius 1) or "square" (side 1)
	Cells   []CellView     `json:"cells"`
	Labels  [2][]Label     `json:"labels"` // [0] White at the bottom, [1] flipped
	ViewBox [4]float64     `json:"viewBox"`
	Names   map[int]string `json:"-"`
}

// CellView is one cell or square: its name, centre and shade (0 light,
// 1 medium, 2 dark).
type CellView struct {
	Name  string  `json:"name"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Shade int     `json:"shade"`
}

// Label is a file letter or rank number drawn beside the board.
type Label struct {
	Text string  `json:"text"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
}

var geometries = map[game.Variant]*Geometry{
	game.Chess:   chessGeometry(),
	game.Glinski: glinskiGeometry(),
}

// hexHeight is a flat-topped hexagon's height for circumradius 1.
var hexHeight = math.Sqrt(3)

func round2(x float64) float64 { return math.Round(x*1000) / 1000 }

func glinskiCentre(c int) (x, y float64) {
	return round2(1.5 * float64(hexboard.Q(c))), round2(-float64(hexboard.Y2(c)) * hexHeight / 2)
}

func glinskiGeometry() *Geometry {
	g := &Geometry{Shape: "hex", Names: map[int]string{}}
	for c := 0; c < hexboard.NumCells; c++ {
		x, y := glinskiCentre(c)
		g.Cells = append(g.Cells, CellView{Name: hexboard.CellName(c), X: x, Y: y, Shade: hexboard.CellColor(c)})
		g.Names[c] = hexboard.CellName(c)
	}
	// File letters below the bottom cell of each file. The flipped board
	// keeps them there (they end up on top): above the files they would
	// collide with the rank numbers of the upper slopes.
	for f := 0; f < hexboard.NumFiles; f++ {
		x, y := glinskiCentre(hexboard.CellAt(f, 1))
		label := Label{string(hexboard.FileLetters[f]), x, round2(y + 1.45)}
		g.Labels[0] = append(g.Labels[0], label)
		g.Labels[1] = append(g.Labels[1], label)
	}
	// Rank numbers beyond both ends of each (V-shaped) rank, where its next
	// cell would be: up and outwards along the rank's line.
	const step = 0.78
	for r := 1; r <= 11; r++ {
		left, right := hexboard.CellAt(0, r), hexboard.CellAt(hexboard.NumFiles-1, r)
		if r > 6 {
			left, right = hexboard.CellAt(r-6, r), hexboard.CellAt(16-r, r)
		}
		text := strconv.Itoa(r)
		lx, ly := glinskiCentre(left)
		rx, ry := glinskiCentre(right)
		for i := range g.Labels {
			g.Labels[i] = append(g.Labels[i],
				Label{text, round2(lx - 1.5*step), round2(ly - hexHeight/2*step)},
				Label{text, round2(rx + 1.5*step), round2(ry - hexHeight/2*step)})
		}
	}
	// Symmetric about the board's centre, so that flipping keeps it in view.
	g.ViewBox = [4]float64{-9.4, round2(-20*hexHeight/2 - 2.3), 18.8, round2(20*hexHeight/2 + 4.6)}
	return g
}

func chessGeometry() *Geometry {
	g := &Geometry{Shape: "square", Names: map[int]string{}}
	for sq := 0; sq < 64; sq++ {
		shade := 0
		if (board.File(sq)+board.Rank(sq))%2 == 0 {
			shade = 2
		}
		g.Cells = append(g.Cells, CellView{Name: board.SquareName(sq),
			X: float64(board.File(sq)) + 0.5, Y: 7.5 - float64(board.Rank(sq)), Shade: shade})
		g.Names[sq] = board.SquareName(sq)
	}
	for i := 0; i < 8; i++ {
		file, rank := string(rune('a'+i)), strconv.Itoa(i+1)
		g.Labels[0] = append(g.Labels[0], Label{file, float64(i) + 0.5, 8.32}, Label{rank, -0.3, 7.5 - float64(i)})
		g.Labels[1] = append(g.Labels[1], Label{file, float64(i) + 0.5, -0.32}, Label{rank, 8.3, 7.5 - float64(i)})
	}
	g.ViewBox = [4]float64{-0.6, -0.6, 9.2, 9.2}
	return g
}
