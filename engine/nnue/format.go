package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"github.com/sakk-chess/sakk/game"
)

// The file format (docs/nnue.md), all little-endian:
//
//	magic      8 bytes  "SAKKNNUE"
//	version    uint32   FormatVersion
//	variant    uint32   0 chess, 1 Glinski
//	inputs     uint32   768 or 1092
//	hidden     uint32   a multiple of 16
//	activation uint32   1 = SCReLU
//	qa, qb     uint32   quantisation factors (must be QA, QB)
//	scale      uint32   output scale (must be Scale)
//	buckets    uint32   output buckets, 1..MaxBuckets (version 2 only;
//	                    a version 1 file has one)
//	weights    int16    inputs*hidden first-layer weights, input-major
//	biases     int16    hidden first-layer biases
//	output     int16    buckets*2*hidden output weights: per bucket, fewest
//	                    pieces first, the side to move's half first
//	outBias    int32    buckets output biases, scaled by qa*qb
//	checksum   uint32   CRC-32 (IEEE) of every byte before it
//
// Write writes version 1 for a one-bucket net (the same bytes as before
// buckets existed) and version 2 otherwise; Parse reads both.
const (
	Magic            = "SAKKNNUE"
	FormatVersion    = 2
	activationSCReLU = 1
	headerSizeV1     = 8 + 8*4
)

// headerSize is the header's length in a file of the given version.
func headerSize(version uint32) int {
	if version >= 2 {
		return headerSizeV1 + 4
	}
	return headerSizeV1
}

// variantCodes maps the file's variant code to the variant.
var variantCodes = []game.Variant{game.Chess, game.Glinski}

// Size is the file size of a net with the given shape.
func Size(inputs, hidden, buckets int) int {
	version := uint32(1)
	if buckets > 1 {
		version = 2
	}
	return headerSize(version) + 2*(inputs*hidden+hidden+2*hidden*buckets) + 4*buckets + 4
}

// Write stores n in the file format.
func Write(w io.Writer, n *Net) error {
	if err := n.check(); err != nil {
		return err
	}
	code := uint32(0)
	if n.Variant == game.Glinski {
		code = 1
	}
	var buf bytes.Buffer
	buf.WriteString(Magic)
	header := []uint32{1, code, uint32(n.Inputs), uint32(n.Hidden), activationSCReLU, QA, QB, Scale}
	if n.bucketCount() > 1 {
		header[0] = 2
		header = append(header, uint32(n.bucketCount()))
	}
	for _, v := range header {
		binary.Write(&buf, binary.LittleEndian, v)
	}
	binary.Write(&buf, binary.LittleEndian, n.FT)
	binary.Write(&buf, binary.LittleEndian, n.FTBias)
	binary.Write(&buf, binary.LittleEndian, n.Out)
	binary.Write(&buf, binary.LittleEndian, n.OutBias)
	binary.Write(&buf, binary.LittleEndian, crc32.ChecksumIEEE(buf.Bytes()))
	_, err := w.Write(buf.Bytes())
	return err
}

// Parse reads a net from the bytes of a file, checking everything.
func Parse(data []byte) (*Net, error) {
	if len(data) < headerSizeV1+4 {
		return nil, fmt.Errorf("truncated: %d bytes is shorter than the header", len(data))
	}
	if string(data[:8]) != Magic {
		return nil, errors.New("not a sakk NNUE file (bad magic)")
	}
	field := func(i int) uint32 { return binary.LittleEndian.Uint32(data[8+4*i:]) }
	version, code, inputs, hidden, act, qa, qb, scale := field(0), field(1), field(2), field(3), field(4), field(5), field(6), field(7)
	buckets := uint32(1)
	if version == 2 {
		if len(data) < headerSize(2)+4 {
			return nil, fmt.Errorf("truncated: %d bytes is shorter than the header", len(data))
		}
		buckets = field(8)
	}
	switch {
	case version != 1 && version != 2:
		return nil, fmt.Errorf("format version %d, this build reads 1 and %d", version, FormatVersion)
	case buckets == 0 || buckets > MaxBuckets:
		return nil, fmt.Errorf("%d output buckets, not 1..%d", buckets, MaxBuckets)
	case int(code) >= len(variantCodes):
		return nil, fmt.Errorf("unknown variant code %d", code)
	case act != activationSCReLU:
		return nil, fmt.Errorf("unknown activation %d", act)
	case qa != QA || qb != QB || scale != Scale:
		return nil, fmt.Errorf("quantisation %d/%d/%d, this build uses %d/%d/%d", qa, qb, scale, QA, QB, Scale)
	case hidden == 0 || hidden > 4096 || inputs > 1<<16:
		return nil, fmt.Errorf("implausible shape %d x %d", inputs, hidden)
	}
	n := &Net{Variant: variantCodes[code], Inputs: int(inputs), Hidden: int(hidden), Buckets: int(buckets)}
	if version == 2 && buckets == 1 {
		return nil, errors.New("a version 2 file with one output bucket (version 1 is the one-bucket format)")
	}
	if want := Size(n.Inputs, n.Hidden, n.Buckets); len(data) != want {
		if len(data) < want {
			return nil, fmt.Errorf("truncated: %d bytes, a %d x %d net needs %d", len(data), inputs, hidden, want)
		}
		return nil, fmt.Errorf("%d bytes of trailing data", len(data)-want)
	}
	body := len(data) - 4
	if sum := binary.LittleEndian.Uint32(data[body:]); sum != crc32.ChecksumIEEE(data[:body]) {
		return nil, errors.New("checksum mismatch (corrupt file)")
	}
	n.FT = make([]int16, n.Inputs*n.Hidden)
	n.FTBias = make([]int16, n.Hidden)
	n.Out = make([]int16, 2*n.Hidden*n.Buckets)
	n.OutBias = make([]int32, n.Buckets)
	r := bytes.NewReader(data[headerSize(version):body])
	for _, dst := range []any{n.FT, n.FTBias, n.Out, n.OutBias} {
		if err := binary.Read(r, binary.LittleEndian, dst); err != nil {
			return nil, err
		}
	}
	if err := n.check(); err != nil {
		return nil, err
	}
	return n, nil
}

// Load reads a net file and checks that it is for variant.
func Load(path string, variant game.Variant) (*Net, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	n, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if n.Variant != variant {
		return nil, fmt.Errorf("%s is a %s net, not a %s one", path, n.Variant, variant)
	}
	n.Name = path
	return n, nil
}
