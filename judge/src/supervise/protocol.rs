//! The wire protocol between the judge and a supervisor: frames of a length
//! (8 bytes, little-endian) and a payload whose fields are numbers (8 bytes)
//! and byte strings (a length, the bytes); a [`Request`] goes in, a
//! [`Report`] comes out, after a [`MAGIC`] line and a hello frame.

use super::{Ending, Report, Request};
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Default)]
pub struct Frame(Vec<u8>);

impl Frame {
    pub fn num(&mut self, n: u64) -> &mut Frame {
        self.0.extend_from_slice(&n.to_le_bytes());
        self
    }
    pub fn bytes(&mut self, b: &[u8]) -> &mut Frame {
        self.num(b.len() as u64);
        self.0.extend_from_slice(b);
        self
    }
    pub fn send(&self, to: &mut impl Write) -> io::Result<()> {
        let mut all = (self.0.len() as u64).to_le_bytes().to_vec();
        all.extend_from_slice(&self.0);
        to.write_all(&all)?;
        to.flush()
    }
}

/// Reads one frame; `None` at the end of the stream.
pub fn receive(from: &mut impl Read) -> io::Result<Option<Vec<u8>>> {
    let mut len = [0u8; 8];
    match from.read_exact(&mut len) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let len = u64::from_le_bytes(len);
    if len > 1 << 30 {
        return Err(bad_frame());
    }
    let mut payload = vec![0u8; len as usize];
    from.read_exact(&mut payload)?;
    Ok(Some(payload))
}

fn bad_frame() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, "a malformed supervisor frame")
}

pub struct Fields<'a>(pub &'a [u8]);

impl<'a> Fields<'a> {
    pub fn num(&mut self) -> io::Result<u64> {
        if self.0.len() < 8 {
            return Err(bad_frame());
        }
        let (n, rest) = self.0.split_at(8);
        self.0 = rest;
        Ok(u64::from_le_bytes(n.try_into().expect("8 bytes")))
    }
    pub fn bytes(&mut self) -> io::Result<&'a [u8]> {
        let len = self.num()? as usize;
        if self.0.len() < len {
            return Err(bad_frame());
        }
        let (b, rest) = self.0.split_at(len);
        self.0 = rest;
        Ok(b)
    }
    fn duration(&mut self) -> io::Result<Duration> {
        Ok(Duration::from_nanos(self.num()?))
    }
}

fn nanos(d: Duration) -> u64 {
    d.as_nanos().min(u64::MAX as u128) as u64
}

impl Request {
    pub fn frame(&self) -> Frame {
        let mut f = Frame::default();
        f.num(self.argv.len() as u64);
        for arg in &self.argv {
            f.bytes(arg.as_bytes());
        }
        f.bytes(self.stdin.as_os_str().as_bytes())
            .num(nanos(self.cpu_limit))
            .num(nanos(self.wall_net))
            .num(self.memory_limit)
            .num(self.cpu_backstop_seconds)
            .num(self.address_space_backstop)
            .num(self.output_limit)
            .num(self.max_processes);
        f
    }

    pub fn parse(payload: &[u8]) -> io::Result<Request> {
        let mut f = Fields(payload);
        let n = f.num()?;
        let mut argv = Vec::new();
        for _ in 0..n {
            argv.push(OsString::from_vec(f.bytes()?.to_vec()));
        }
        Ok(Request {
            argv,
            stdin: PathBuf::from(OsString::from_vec(f.bytes()?.to_vec())),
            cpu_limit: f.duration()?,
            wall_net: f.duration()?,
            memory_limit: f.num()?,
            cpu_backstop_seconds: f.num()?,
            address_space_backstop: f.num()?,
            output_limit: f.num()?,
            max_processes: f.num()?,
        })
    }
}

const ENDINGS: [Ending; 8] = [
    Ending::Exited,
    Ending::WallNet,
    Ending::CpuLimit,
    Ending::MemoryLimit,
    Ending::OutputLimit,
    Ending::Stuck,
    Ending::ProcessLimit,
    Ending::DescriptorLimit,
];

impl Report {
    pub fn frame(&self) -> Frame {
        let mut f = Frame::default();
        f.bytes(self.not_started.as_deref().unwrap_or("").as_bytes())
            .num(u64::from(self.not_started.is_some()))
            .num(
                ENDINGS
                    .iter()
                    .position(|e| Some(*e) == self.ending)
                    .map_or(99, |i| i as u64),
            )
            .num(self.status as u32 as u64)
            .num(nanos(self.wall))
            .num(nanos(self.cpu))
            .num(self.peak_kib)
            .num(nanos(self.waited))
            .num(nanos(self.idle))
            .bytes(&self.stderr_tail)
            .num(self.stderr_bytes)
            .bytes(self.problem.as_deref().unwrap_or("").as_bytes())
            .num(u64::from(self.problem.is_some()))
            .num(u64::from(self.sandboxed))
            .num(self.leftovers.len() as u64);
        for left in &self.leftovers {
            f.bytes(left.as_bytes());
        }
        f.num(self.notes.len() as u64);
        for note in &self.notes {
            f.bytes(note.as_bytes());
        }
        f
    }

    pub fn parse(payload: &[u8]) -> io::Result<Report> {
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        let mut f = Fields(payload);
        let not_started = text(f.bytes()?);
        let not_started = (f.num()? == 1).then_some(not_started);
        let ending = ENDINGS.get(f.num()? as usize).copied();
        let status = f.num()? as u32 as i32;
        let (wall, cpu, peak_kib, waited) = (f.duration()?, f.duration()?, f.num()?, f.duration()?);
        let idle = f.duration()?;
        let stderr_tail = f.bytes()?.to_vec();
        let stderr_bytes = f.num()?;
        let problem = text(f.bytes()?);
        let problem = (f.num()? == 1).then_some(problem);
        let sandboxed = f.num()? == 1;
        let mut leftovers = Vec::new();
        for _ in 0..f.num()? {
            leftovers.push(text(f.bytes()?));
        }
        let mut notes = Vec::new();
        for _ in 0..f.num()? {
            notes.push(text(f.bytes()?));
        }
        Ok(Report {
            not_started,
            ending,
            status,
            wall,
            cpu,
            peak_kib,
            waited,
            idle,
            stderr_tail,
            stderr_bytes,
            leftovers,
            problem,
            sandboxed,
            notes,
        })
    }
}

/// Written before the first frame: the judge skips whatever comes before it
/// (in the judge's unit tests, the test harness's own first line).
pub const MAGIC: &[u8] = b"\njudge-supervisor-v1\n";
/// Reads up to the end of [`MAGIC`].
pub fn skip_to_magic(from: &mut impl Read) -> io::Result<()> {
    let mut seen = Vec::new();
    let mut byte = [0u8; 1];
    while !seen.ends_with(MAGIC) {
        if seen.len() > 1 << 16 || from.read(&mut byte)? == 0 {
            return Err(io::Error::new(
                io::ErrorKind::Other,
                "the supervisor did not start",
            ));
        }
        seen.push(byte[0]);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_survives_the_pipe() {
        let request = Request {
            argv: vec!["sh".into(), "-c".into(), "echo 'a\nb'".into()],
            stdin: PathBuf::from("/tmp/x y/in"),
            cpu_limit: Duration::from_millis(1500),
            wall_net: Duration::from_millis(4000),
            memory_limit: 256 << 20,
            cpu_backstop_seconds: 3,
            address_space_backstop: 0,
            output_limit: 64 << 20,
            max_processes: 256,
        };
        let mut pipe = Vec::new();
        request.frame().send(&mut pipe).unwrap();
        let payload = receive(&mut pipe.as_slice()).unwrap().unwrap();
        assert_eq!(Request::parse(&payload).unwrap(), request);
    }

    #[test]
    fn a_report_survives_the_pipe() {
        let report = Report {
            not_started: None,
            ending: Some(Ending::MemoryLimit),
            status: 9,
            wall: Duration::from_micros(12_345),
            cpu: Duration::from_micros(6_789),
            peak_kib: 2048,
            waited: Duration::from_micros(17),
            idle: Duration::from_micros(23),
            stderr_tail: b"\x1b[2K oops\n".to_vec(),
            stderr_bytes: 1 << 40,
            leftovers: vec!["sleep (pid 42, holding the program's standard output)".into()],
            problem: Some("".into()),
            sandboxed: true,
            notes: vec!["judge: note: x".into()],
        };
        let mut pipe = Vec::new();
        report.frame().send(&mut pipe).unwrap();
        let payload = receive(&mut pipe.as_slice()).unwrap().unwrap();
        assert_eq!(Report::parse(&payload).unwrap(), report);
    }

    #[test]
    fn a_cut_frame_is_an_error_not_a_panic() {
        let mut pipe = Vec::new();
        Request::default().frame().send(&mut pipe).unwrap();
        pipe.truncate(pipe.len() - 3);
        assert!(receive(&mut pipe.as_slice()).is_err());
        assert!(Report::parse(&[1, 2, 3]).is_err());
    }
}
