// os.gs — the os module: whole files, standard input a line at a time, the
// environment. Each call is one runtime primitive (gs_std.c); a failure
// comes back as ?os.Error whose msg names the operation, the path and the
// system's reason ("open /no/such: No such file or directory"), never as a
// runtime error. Output goes through the builtins (print, printf, ...);
// reading stdin flushes stdout first, so a prompt shows before the read.
// Not for: directories, processes, sockets.

struct Error {
    msg: string
}

// The whole file as a new string the caller owns.
fn read_file(path: string) -> (string, ?Error) {
    var err = ""
    let data = __os_read_file(path, err)
    if err.len > 0 {
        return (data, Error{msg: err})
    }
    return (data, none)
}

// Writes data as the whole file (created or truncated).
fn write_file(path: string, data: string) -> ?Error {
    return failure(__os_write_file(path, data, false))
}

// Writes data at the end of the file (created when missing).
fn append_file(path: string, data: string) -> ?Error {
    return failure(__os_write_file(path, data, true))
}

// Removes a file (or an empty directory).
fn remove(path: string) -> ?Error {
    return failure(__os_remove(path))
}

fn exists(path: string) -> bool {
    return __os_exists(path)
}

// The next line of stdin without its "\n" (nor a "\r" before it), as a new
// string; none at the end of input. A last line without "\n" still counts.
fn read_line() -> ?string {
    return __os_read_line()
}

// The rest of stdin as a new string.
fn read_all_stdin() -> string {
    return __os_read_all_stdin()
}

// The environment variable's value as a new string, or none when unset.
fn getenv(name: string) -> ?string {
    return __os_getenv(name)
}

fn failure(msg: string) -> ?Error {
    if msg.len > 0 {
        return Error{msg: msg}
    }
    return none
}
