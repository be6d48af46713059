package syzygy

// Index tables shared by every table file. They follow the encoding the
// Syzygy generator uses: positions are reduced by symmetry so that the
// leading piece (or pawn) lies in a fixed part of the board, and groups of
// like pieces are counted as combinations rather than permutations.

// binomial[k][n] is the number of ways to choose k squares out of n.
var binomial [7][64]uint64

// triangle maps a square of the a1-d1-d4 triangle to 0..9: the six squares
// strictly below the a1-h8 diagonal first, then the four diagonal squares.
var triangle [64]int

// lowerHalf maps a square strictly below the a1-h8 diagonal to 0..27.
var lowerHalf [64]int

// kingPair maps the two kings (the first in the triangle, by its triangle
// code) to 0..461, skipping adjacent kings and mirror images.
var kingPair [10][64]int

// pawnOrder numbers the squares a2-h7 so that the leading pawn (nearest the
// edge, then lowest rank) has the highest number; it also counts the
// squares left for the other pawns of the leading group.
var pawnOrder [64]int

// leadPawnIndex and leadPawnSize encode the leading pawns of one file.
var (
	leadPawnIndex [6][64]uint64
	leadPawnSize  [6][4]uint64
)

// offDiagonal is rank minus file: 0 on the a1-h8 diagonal, negative below.
func offDiagonal(sq int) int { return sq>>3 - sq&7 }

func init() {
	code := 0
	for sq := range 64 {
		if offDiagonal(sq) < 0 {
			lowerHalf[sq] = code
			code++
		}
	}

	code = 0
	var diagonal []int
	for sq := 0; sq <= 27; sq++ { // a1..d4
		if sq&7 > 3 {
			continue
		}
		switch {
		case offDiagonal(sq) < 0:
			triangle[sq] = code
			code++
		case offDiagonal(sq) == 0:
			diagonal = append(diagonal, sq)
		}
	}
	for _, sq := range diagonal {
		triangle[sq] = code
		code++
	}

	type late struct{ first, second int }
	var bothOnDiagonal []late
	code = 0
	for t := range 10 {
		for s1 := 0; s1 <= 27; s1++ {
			if s1&7 > 3 || triangle[s1] != t || (t == 0 && s1 != 1) {
				continue
			}
			for s2 := range 64 {
				switch {
				case kingDistance(s1, s2) <= 1:
					continue
				case offDiagonal(s1) == 0 && offDiagonal(s2) > 0:
					continue
				case offDiagonal(s1) == 0 && offDiagonal(s2) == 0:
					bothOnDiagonal = append(bothOnDiagonal, late{t, s2})
				default:
					kingPair[t][s2] = code
					code++
				}
			}
		}
	}
	for _, b := range bothOnDiagonal {
		kingPair[b.first][b.second] = code
		code++
	}

	binomial[0][0] = 1
	for n := 1; n < 64; n++ {
		for k := 0; k <= 6 && k <= n; k++ {
			if k > 0 {
				binomial[k][n] += binomial[k-1][n-1]
			}
			if k < n {
				binomial[k][n] += binomial[k][n-1]
			}
		}
	}

	available := 47
	for lead := 1; lead <= 5; lead++ {
		for file := range 4 {
			var idx uint64
			for rank := 1; rank <= 6; rank++ {
				sq := rank*8 + file
				if lead == 1 {
					pawnOrder[sq] = available
					available--
					pawnOrder[sq^7] = available
					available--
				}
				leadPawnIndex[lead][sq] = idx
				idx += binomial[lead-1][pawnOrder[sq]]
			}
			leadPawnSize[lead][file] = idx
		}
	}
}

func kingDistance(a, b int) int {
	return max(abs(a&7-b&7), abs(a>>3-b>>3))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
