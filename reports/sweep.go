package reports

// Sweep is what a run's bad-input sweep was (run --sweep): the seed and
// sample that make it again, and what it found, one line per cause.
type Sweep struct {
	Seed         uint64 `json:"seed"`
	PerOperation int    `json:"perOperation"` // inputs sent of each operation; 0 for the full sweep
	Generated    int    `json:"generated"`    // inputs generated of every operation
	Inputs       int    `json:"inputs"`       // inputs sent
	Calls        int    `json:"calls"`        // calls sent, states and read-backs included
	// Findings are the causes found, "Capture: modifiedAmount 1e308
	// answered HTTP 500 0099", in catalogue order.
	Findings []string `json:"findings"`
}
